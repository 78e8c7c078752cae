import { Link } from '@tanstack/react-router';
import {
  ArmchairIcon,
  HeadsetIcon,
  ReceiptTextIcon,
  ScaleIcon,
  ShieldCheckIcon,
  SlidersHorizontalIcon,
  type LucideIcon,
} from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { brandDisplayName } from '../../../theme/apply-brand';
import type { PageOperator } from '../lib/operator';
import { RESPONSE_TIME } from '../lib/policy-constants';
import { ContactDetails } from './contact-details';
import { OperatorStatement } from './operator-statement';
import { PolicyLayout } from './policy-layout';

interface Principle {
  title: string;
  text: string;
  icon: LucideIcon;
}

function principles(brandName: string): Principle[] {
  return [
    {
      title: 'One honest price',
      text: 'Every price includes the fare, taxes and charges and our service fee. The total you see before you pay is the amount taken from your card, with nothing added at checkout.',
      icon: ReceiptTextIcon,
    },
    {
      title: 'Compare what matters',
      text: 'Sort by best, cheapest or fastest, filter by stops, airlines, departure times, journey length and price, and see the cheapest fares three days either side of your dates.',
      icon: SlidersHorizontalIcon,
    },
    {
      title: 'The rules before you pay',
      text: 'Each flight shows whether its fare is refundable and changeable before you book, and before you cancel we show what you will get back.',
      icon: ScaleIcon,
    },
    {
      title: 'A seat for everyone',
      text: 'Choose a seat for every traveller on every flight, with the price of each seat shown on the map.',
      icon: ArmchairIcon,
    },
    {
      title: 'Secure by design',
      text: `We never store your card number, passwords are kept only as strong one-way hashes, and your account and bookings stay with ${brandName}.`,
      icon: ShieldCheckIcon,
    },
    {
      title: 'People when you need them',
      text: `Our travel team answers by e-mail and phone and replies ${RESPONSE_TIME}, whether you are planning a trip or sorting out a change.`,
      icon: HeadsetIcon,
    },
  ];
}

/** `/about`: the brand's story, mission and approach, with the way to an account or to us. */
export function AboutPage(operator: PageOperator) {
  const brandName = brandDisplayName(operator.brand);

  return (
    <PolicyLayout
      eyebrow="About us"
      title={`About ${brandName}`}
      contents={false}
      intro={
        <p>
          {brandName} helps you find the right flight at a fair price and book it in minutes, with
          every cost and condition in plain sight.
        </p>
      }
      sections={[
        {
          id: 'our-story',
          title: 'Our story',
          content: <OurStory brandName={brandName} />,
        },
        {
          id: 'our-mission',
          title: 'Our mission',
          content: (
            <p>
              To make booking a flight simple, transparent and fair: the right flight at an honest
              price, the rules visible before you pay, and real people to help when plans change.
            </p>
          ),
        },
        {
          id: 'our-approach',
          title: 'Our approach',
          content: <Principles brandName={brandName} />,
        },
        {
          id: 'who-we-are',
          title: 'Who we are',
          content: (
            <>
              <p>
                <OperatorStatement brandName={brandName} company={operator.company} />
              </p>
              <ContactDetails {...operator} />
            </>
          ),
        },
      ]}
      footer={<AboutNextSteps brandName={brandName} />}
    />
  );
}

/** How we work, one card for each principle. */
function Principles({ brandName }: { brandName: string }) {
  return (
    <div>
      <ul className="grid gap-4 sm:grid-cols-2">
        {principles(brandName).map(({ title, text, icon: Icon }) => (
          <li
            key={title}
            className="flex gap-4 rounded-lg border border-border bg-card p-5 text-card-foreground"
          >
            <span
              aria-hidden="true"
              className="flex size-10 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground"
            >
              <Icon className="size-5" />
            </span>
            <div>
              <h3 className="font-semibold leading-snug">{title}</h3>
              <p className="mt-1 text-sm leading-6 text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The way on: a free account, or a word with our team. */
function AboutNextSteps({ brandName }: { brandName: string }) {
  return (
    <section
      aria-labelledby="about-next-steps"
      className="rounded-xl bg-secondary p-6 text-secondary-foreground sm:p-8"
    >
      <h2 id="about-next-steps" className="text-xl font-semibold tracking-tight sm:text-2xl">
        Travel with {brandName}
      </h2>
      <p className="mt-2 leading-7">
        Create a free account to keep all your trips in one place and manage them at any time, or
        get in touch with our team.
      </p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link to="/register">Create an account</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/contact">Contact us</Link>
        </Button>
      </div>
    </section>
  );
}

/** Why the brand exists: the price, the rules and the help in plain sight. */
function OurStory({ brandName }: { brandName: string }) {
  return (
    <>
      <p>
        Booking a flight should not feel like a puzzle. Yet too often the price grows at checkout,
        the fare rules hide in small print, and nobody can tell you what a cancellation will cost
        until it is too late.
      </p>
      <p>
        We built {brandName} to do the opposite. We search airline fares for you, book your tickets
        with the airline and stay with you until you travel, with your trips kept together in one
        place.
      </p>
    </>
  );
}
