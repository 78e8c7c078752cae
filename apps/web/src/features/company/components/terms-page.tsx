import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { brandDisplayName } from '../../../theme/apply-brand';
import { operatorName, type PageOperator } from '../lib/operator';
import { accountPolicy, POLICIES_LAST_UPDATED, refundPolicy } from '../lib/policy-constants';
import { textLinkClass } from '../lib/text-styles';
import { ContactDetails } from './contact-details';
import { OperatorStatement } from './operator-statement';
import { PolicyLayout, type PolicySection } from './policy-layout';

const TERMS_TITLE = 'Terms of Service';

const termsSections = [
  { id: 'about-these-terms', title: 'About these terms' },
  { id: 'our-role', title: 'Our role' },
  { id: 'your-account', title: 'Your account' },
  { id: 'prices', title: 'Prices and availability' },
  { id: 'booking-and-payment', title: 'Booking and payment' },
  { id: 'travel-documents', title: 'Passports, visas and health' },
  { id: 'changes-and-cancellations', title: 'Changes and cancellations' },
  { id: 'flight-disruption', title: 'Flight disruption' },
  { id: 'using-the-site', title: 'Using the site' },
  { id: 'intellectual-property', title: 'Intellectual property' },
  { id: 'liability', title: 'Our liability' },
  { id: 'changes-to-terms', title: 'Changes to these terms' },
  { id: 'governing-law', title: 'Governing law' },
  { id: 'contact', title: 'Contact us' },
] as const;

type SectionId = (typeof termsSections)[number]['id'];

/** `/terms`: the agreement for using the site and booking through it. */
// eslint-disable-next-line unit-size/max-function-lines, unit-size/max-span-lines -- the page's legal text, kept whole in the order it reads
export function TermsPage(operator: PageOperator) {
  const { brand, company } = operator;
  const brandName = brandDisplayName(brand);
  const operatorLabel = operatorName(operator, brandName);
  const privacyLink = (
    <Link to="/privacy-policy" className={textLinkClass}>
      Privacy Policy
    </Link>
  );
  const cancellationLink = (
    <Link to="/cancellation-policy" className={textLinkClass}>
      Cancellation Policy
    </Link>
  );

  const content: Record<SectionId, ReactNode> = {
    'about-these-terms': (
      <>
        <p>
          <OperatorStatement brandName={brandName} company={company} />
        </p>
        <p>
          These terms apply when you use the {brandName} website and when you book flights through
          it. In them &lsquo;we&rsquo;, &lsquo;us&rsquo; and &lsquo;our&rsquo; mean {operatorLabel},
          and &lsquo;you&rsquo; means the person using the site or making the booking. By creating
          an account or making a booking you accept these terms, our {privacyLink}, which explains
          how we handle your personal information, and our {cancellationLink}, which explains
          cancellations and refunds. Please read them before you book.
        </p>
      </>
    ),
    'our-role': (
      <>
        <p>
          We search airline fares for you and book the flights you choose with the airline, acting
          as your booking agent. Your contract of carriage is with the airline that issues your
          ticket, and its conditions of carriage apply to your journey: baggage allowances, check-in
          deadlines, boarding, and what happens when a flight is delayed or cancelled.
        </p>
      </>
    ),
    'your-account': (
      <ul>
        <li>You must be {accountPolicy.minimumAccountAge} or over to create an account.</li>
        <li>
          The details you give must be true and your own, and you must keep your password secret.
          Tell us straight away if you think someone else has used your account.
        </li>
        <li>
          If you book without an account, we create one for you with a temporary password that is
          shown once when you book. The first time you sign in with it you must choose your own
          password.
        </li>
        <li>
          We may suspend an account that is used for fraud or in breach of these terms. You can ask
          us to close your account at any time.
        </li>
      </ul>
    ),
    prices: (
      <ul>
        <li>
          Prices are shown in {brand.currency} and include the airline fare, taxes and charges, and
          our service fee. The total shown when you pay, including any seats you chose, is the
          amount you are charged.
        </li>
        <li>
          Fares change with demand and are not held until you book. A flight offer expires about 30
          minutes after your search; after that, search again for the current price.
        </li>
        <li>
          If the airline changes the price or no longer has the seats before your booking is made,
          we tell you and charge nothing; you can then choose again at the new price.
        </li>
      </ul>
    ),
    'booking-and-payment': (
      <>
        <ul>
          <li>
            Enter every passenger&apos;s name exactly as it appears on the passport they will travel
            with, and check the dates, flights and passenger details before you pay. Airlines may
            charge to correct a name, or refuse it.
          </li>
          <li>
            When you pay, we first reserve the amount on your card. Only when the airline has
            confirmed your booking is the payment taken; if the airline refuses the booking, the
            reservation on your card is released and nothing is charged.
          </li>
          <li>
            Your booking is confirmed when you see its booking reference. We also send a
            confirmation to the e-mail address of the lead passenger.
          </li>
          <li>One card pays for the whole booking.</li>
        </ul>
      </>
    ),
    'travel-documents': (
      <p>
        Each traveller is responsible for holding the passport, visas and health documents their
        journey requires, including for connections. Many countries require a passport valid for at
        least six months beyond the end of your trip. Allow enough time at the airport for check-in
        and security, and check the airline&apos;s deadlines. An airline may refuse boarding to a
        passenger without the right documents, and the ticket is then treated as unused under its
        fare conditions.
      </p>
    ),
    'changes-and-cancellations': (
      <>
        <p>
          Whether you can change or cancel a ticket, and what it costs, depends on its fare
          conditions, which are shown before you book. You can cancel a confirmed booking in My
          Trips before the first flight leaves, and you see the refund amount before you confirm.
          Our {cancellationLink} explains the process in full.
        </p>
        <ul>
          <li>{refundPolicy.started}</li>
          <li>{refundPolicy.processing}</li>
          <li>{refundPolicy.originalPayment}.</li>
          <li>{refundPolicy.serviceFees}</li>
          <li>Airline fees may apply.</li>
        </ul>
      </>
    ),
    'flight-disruption': (
      <p>
        The airline is responsible for operating your flight and for the care, refunds, rebooking
        and compensation that passenger protection rules (such as the UK and EU rules on delays,
        cancellations and denied boarding) give you when a flight is disrupted. If your flight is
        disrupted, contact us with your booking reference and we will help you deal with the
        airline.
      </p>
    ),
    'using-the-site': (
      <>
        <p>
          You may use the site to plan and book your own travel and that of the people you book for.
          You must not:
        </p>
        <ul>
          <li>make speculative, false or fraudulent bookings;</li>
          <li>
            copy prices or content from the site with automated tools, or send automated requests to
            it;
          </li>
          <li>try to get into accounts or data that are not yours, or interfere with the site;</li>
          <li>use the site for anything unlawful.</li>
        </ul>
      </>
    ),
    'intellectual-property': (
      <p>
        The site, its software and its content belong to {operatorLabel} or its licensors. Airline
        names and logos belong to their owners and are shown only to identify their flights. You may
        print or save pages for your own travel, but not copy or reuse the site otherwise without
        our written permission.
      </p>
    ),
    liability: (
      <>
        <p>
          We arrange your booking with reasonable care and skill. We are not responsible for the
          airline&apos;s performance of your flight, for losses caused by events outside our
          reasonable control, or for losses we could not reasonably have foreseen.
        </p>
        <p>
          Nothing in these terms limits our liability for death or personal injury caused by our
          negligence, for fraud, or for anything else the law does not allow us to limit, and
          nothing in them affects your statutory rights as a consumer.
        </p>
      </>
    ),
    'changes-to-terms': (
      <p>
        We may update these terms when our service or the law changes. We give at least{' '}
        {accountPolicy.materialChangeNoticeDays} days&apos; notice of material changes, on this page
        and by e-mail to account holders. The terms in force on the day you booked apply to that
        booking.
      </p>
    ),
    'governing-law': (
      <p>
        These terms are governed by the law of England and Wales, and the courts of England and
        Wales can hear any dispute about them. If you live in Scotland or Northern Ireland, you can
        also bring proceedings in your local courts.
      </p>
    ),
    contact: (
      <>
        <p>Questions about these terms or a booking? Contact us:</p>
        <ContactDetails {...operator} />
      </>
    ),
  };

  const sections: PolicySection[] = termsSections.map((section) => ({
    ...section,
    content: content[section.id],
  }));

  return (
    <PolicyLayout
      eyebrow="Legal"
      title={TERMS_TITLE}
      lastUpdated={POLICIES_LAST_UPDATED}
      intro={
        <p>
          The agreement between you and {operatorLabel} when you use {brandName} and book flights
          with us.
        </p>
      }
      sections={sections}
    />
  );
}
