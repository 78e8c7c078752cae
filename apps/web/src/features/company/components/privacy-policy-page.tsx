/* eslint-disable max-lines -- a policy page's legal text, kept whole in one file in the order it reads */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { brandDisplayName } from '../../../theme/apply-brand';
import { operatorName, type PageOperator } from '../lib/operator';
import { accountPolicy, POLICIES_LAST_UPDATED, sessionCookie } from '../lib/policy-constants';
import { tagCookies } from '../lib/tag-cookies';
import { textLinkClass } from '../lib/text-styles';
import { ContactDetails } from './contact-details';
import { OperatorStatement } from './operator-statement';
import { PolicyLayout, type PolicySection } from './policy-layout';
import { PolicyTable } from './policy-table';

const PRIVACY_POLICY_TITLE = 'Privacy Policy';

const privacyPolicySections = [
  { id: 'who-we-are', title: 'Who we are' },
  { id: 'information-we-collect', title: 'Information we collect' },
  { id: 'how-we-use-it', title: 'How we use your information' },
  { id: 'sharing', title: 'Who we share it with' },
  { id: 'brands', title: 'Your data and our brands' },
  { id: 'security', title: 'How we protect your information' },
  { id: 'retention', title: 'How long we keep it' },
  { id: 'international-transfers', title: 'International transfers' },
  { id: 'your-rights', title: 'Your rights' },
  { id: 'children', title: 'Children' },
  { id: 'cookies', title: 'Cookies' },
  { id: 'changes', title: 'Changes to this policy' },
  { id: 'contact', title: 'Contact us' },
] as const;

type SectionId = (typeof privacyPolicySections)[number]['id'];

/**
 * `/privacy` and `/privacy-policy`: what the product really collects and does with it — hashed
 * passwords, card brand and last 4 digits only, data kept per brand, stored enquiries.
 */
// eslint-disable-next-line unit-size/max-function-lines, unit-size/max-span-lines -- the page's legal text, kept whole in the order it reads
export function PrivacyPolicyPage(operator: PageOperator) {
  const { brand, company } = operator;
  const brandName = brandDisplayName(brand);
  const controller = operatorName(operator, brandName);
  const tag = tagCookies(company?.analytics);
  const email = (
    <a href={`mailto:${brand.contact.email}`} className={`${textLinkClass} wrap-anywhere`}>
      {brand.contact.email}
    </a>
  );

  const content: Record<SectionId, ReactNode> = {
    'who-we-are': (
      <>
        <p>
          <OperatorStatement brandName={brandName} company={company} />
        </p>
        <p>
          {controller} is the controller of the personal information you give us through {brandName}{' '}
          and is responsible for it under UK data protection law (the UK GDPR and the Data
          Protection Act 2018). In this policy &lsquo;we&rsquo;, &lsquo;us&rsquo; and
          &lsquo;our&rsquo; mean {controller}.
        </p>
      </>
    ),
    'information-we-collect': (
      <>
        <h3>When you create an account</h3>
        <p>
          Your first and last name, e-mail address, username and password. We never store your
          password itself, only a one-way argon2id hash of it from which the password cannot be read
          back.
        </p>
        <h3>When you book a flight</h3>
        <ul>
          <li>
            For every passenger: title, first and last name, gender, date of birth and, when the
            airline requires them or you choose to give them, passport number, expiry date and
            issuing country.
          </li>
          <li>
            For the lead passenger, and for others if you give them: e-mail address and phone
            number.
          </li>
          <li>The flights, seats and fare you chose and the amount you paid.</li>
        </ul>
        <h3>When you pay</h3>
        <p>
          Your card details go to our card payment processor, which authorises and takes the
          payment. We never store or log your card number or security code: we keep only the card
          brand and the last 4 digits, to show which card you paid with and where a refund goes.
        </p>
        <h3>When you book without an account</h3>
        <p>
          We create an account for you so that you can manage the booking. Its password is generated
          for you, shown once on the confirmation page, never e-mailed, and temporary: the first
          time you sign in with it you choose your own. If your e-mail address already has an
          account with {brandName}, no second account is created.
        </p>
        <h3>When you contact us or subscribe</h3>
        <p>
          What you send through our contact and support forms (your name, e-mail address, phone
          number if you give it, booking reference, subject and message) and the e-mail address you
          give for our newsletter. We store these so that our team can answer you.
        </p>
        <h3>When you use the site</h3>
        <ul>
          <li>
            A cookie that keeps you signed in (see the{' '}
            <Link to="/cookies" className={textLinkClass}>
              Cookie Policy
            </Link>
            ).
          </li>
          <li>
            Your IP address, used to count recent sign-in attempts, booking look-ups and form
            submissions so that repeated attempts can be slowed down. The counts cover windows of 15
            minutes to an hour.
          </li>
          <li>
            Technical logs of the requests our servers answer, recording the page or service
            requested and the result. They do not contain your IP address, passwords, card details
            or cookies.
          </li>
          {tag ? (
            <li>
              The address of each page you visit (without your searches, e-mail address or booking
              references), sent to Google through its tag ({tag.tagId}) to count page views and
              measure our advertising, with the cookies Google sets for it, only if you accept
              analytics cookies.
            </li>
          ) : null}
        </ul>
        <p>
          We do not keep a record of your flight searches. Your last search and trip type are stored
          only in your own browser, so that you can return to your results.
        </p>
      </>
    ),
    'how-we-use-it': (
      <>
        <p>We use your information only for the purposes below, each with its legal basis.</p>
        <PolicyTable
          caption="Purposes and legal bases"
          columns={['Purpose', 'What it involves', 'Legal basis']}
          rows={[
            {
              key: 'booking',
              cells: [
                'Your bookings',
                'Booking your flights with the airline, taking payment, sending your confirmation and cancellation e-mails, and handling refunds.',
                'Performing our contract with you',
              ],
            },
            {
              key: 'account',
              cells: [
                'Your account',
                'Signing you in and showing your trips in My Trips.',
                'Performing our contract with you',
              ],
            },
            {
              key: 'support',
              cells: [
                'Support',
                'Answering your questions and complaints and keeping a record of them.',
                'Our legitimate interest in helping our customers',
              ],
            },
            {
              key: 'newsletter',
              cells: [
                'Newsletter',
                'Sending the newsletter you subscribed to.',
                'Your consent, which you can withdraw at any time',
              ],
            },
            ...(tag
              ? [
                  {
                    key: 'analytics',
                    cells: [
                      'Analytics',
                      'Counting page views and measuring the results of our advertising.',
                      'Your consent, given in the cookie banner, which you can withdraw at any time',
                    ],
                  },
                ]
              : []),
            {
              key: 'security',
              cells: [
                'Security',
                'Protecting accounts and the service from fraud and abuse.',
                'Our legitimate interest in a safe service',
              ],
            },
            {
              key: 'legal',
              cells: [
                'Legal duties',
                'Keeping accounting records and answering lawful requests from authorities.',
                'Legal obligation',
              ],
            },
          ]}
        />
        <p>
          We do not sell your personal information, and we make no automated decisions about you
          that have legal or similarly significant effects.
        </p>
      </>
    ),
    sharing: (
      <>
        <ul>
          <li>
            <strong className="font-semibold">Airlines</strong>, through our flight booking
            provider: passenger names, dates of birth, gender, contact details and passport details,
            so that the airline can issue your ticket, carry you and give border authorities the
            passenger information they require.
          </li>
          <li>
            <strong className="font-semibold">Our card payment processor</strong>: your card details
            and the amount, to authorise, take and refund payments.
          </li>
          <li>
            <strong className="font-semibold">Service providers</strong> that host our servers and
            database and deliver our e-mails, under contracts that allow them to use your
            information only on our instructions.
          </li>
          <li>
            <strong className="font-semibold">Authorities and courts</strong>, when the law requires
            it.
          </li>
          {tag ? (
            <li>
              <strong className="font-semibold">Google</strong>, which counts page views and
              measures our advertising through its tag: the addresses of the pages you visit and the
              identifiers in its cookies.
            </li>
          ) : null}
        </ul>
        <p>
          If our business or part of it is sold, your information may pass to the buyer, who must
          use it in line with this policy.
        </p>
      </>
    ),
    brands: (
      <p>
        {controller} runs several travel brands on one platform. Your account and bookings belong to
        the brand you used, {brandName}: other brands cannot see them, and an account with one brand
        does not sign you in to another. Only authorised staff who run and support the platform can
        see information across brands.
      </p>
    ),
    security: (
      <ul>
        <li>Passwords are stored only as argon2id hashes.</li>
        <li>
          The sign-in cookie cannot be read by scripts on the page (HttpOnly), is not sent with
          requests started by other sites (SameSite=Lax) and travels only over encrypted connections
          where the site uses HTTPS. We store only a hash of it, so a copy of our database would not
          let anyone sign in as you.
        </li>
        <li>
          Each sign-in starts a new session, signing out ends it, and repeated failed sign-ins are
          slowed down.
        </li>
        <li>Requests from other websites that try to change your data are refused.</li>
        <li>Card numbers are never stored or written to our logs.</li>
        <li>Staff can see personal information only where their work needs it.</li>
      </ul>
    ),
    retention: (
      <ul>
        <li>
          <strong className="font-semibold">Account details</strong>: while your account is open.
          When you ask us to close it, we delete them, except what we must keep with your bookings.
        </li>
        <li>
          <strong className="font-semibold">Bookings and payment records</strong>: six years after
          the booking, as UK tax and accounting law requires.
        </li>
        <li>
          <strong className="font-semibold">Sign-in sessions</strong>: they end after 30 days
          without use, or when you sign out.
        </li>
        <li>
          <strong className="font-semibold">Enquiries</strong>: as long as we need them to answer
          you and deal with any follow-up.
        </li>
        <li>
          <strong className="font-semibold">Newsletter subscription</strong>: until you unsubscribe.
        </li>
      </ul>
    ),
    'international-transfers': (
      <p>
        When you fly abroad, your booking details necessarily go to airlines and border authorities
        in the countries of your journey. Where our service providers process your information
        outside the United Kingdom, we rely on the safeguards UK law recognises, such as adequacy
        regulations or the International Data Transfer Agreement.
      </p>
    ),
    'your-rights': (
      <>
        <p>Under UK data protection law you have the right to:</p>
        <ul>
          <li>get a copy of the personal information we hold about you;</li>
          <li>have inaccurate information corrected;</li>
          <li>have your information deleted where we no longer need it;</li>
          <li>restrict or object to how we use it;</li>
          <li>receive the information you gave us in a portable format;</li>
          <li>withdraw your consent (for the newsletter) at any time.</li>
        </ul>
        <p>
          To use any of these rights, e-mail us at {email}. We answer within one month. You can see
          your username and e-mail address, and change your password, in Account Settings. If you
          are unhappy with how we handle your information, you can complain to the Information
          Commissioner&apos;s Office (ico.org.uk).
        </p>
      </>
    ),
    children: (
      <>
        <p>
          You must be {accountPolicy.minimumAccountAge} or over to create an account or make a
          booking. Our service is not aimed at children, and we do not market to children under{' '}
          {accountPolicy.childrenNotTargetedUnder}.
        </p>
        <p>
          When an adult books for a family, they give us the details of the children travelling,
          which we use only for that booking. If you believe a child has given us their information,
          contact us and we will delete it.
        </p>
      </>
    ),
    cookies: (
      <p>
        We use one cookie, {sessionCookie.secureName} ({sessionCookie.plainName} where the site runs
        without HTTPS), to keep you signed in.{' '}
        {tag
          ? "If you accept them, Google's tag adds its own analytics and advertising cookies."
          : 'This site sets no analytics or advertising cookies.'}{' '}
        Our{' '}
        <Link to="/cookies" className={textLinkClass}>
          Cookie Policy
        </Link>{' '}
        explains them in full.
      </p>
    ),
    changes: (
      <p>
        We update this policy when our service or the law changes. We give at least{' '}
        {accountPolicy.materialChangeNoticeDays} days&apos; notice of material changes, on this page
        and by e-mail to account holders. The date at the top shows when it last changed.
      </p>
    ),
    contact: (
      <>
        <p>For any question about your privacy or this policy, contact us:</p>
        <ContactDetails {...operator} />
      </>
    ),
  };

  const sections: PolicySection[] = privacyPolicySections.map((section) => ({
    ...section,
    content: content[section.id],
  }));

  return (
    <PolicyLayout
      eyebrow="Legal"
      title={PRIVACY_POLICY_TITLE}
      lastUpdated={POLICIES_LAST_UPDATED}
      intro={
        <p>
          What information {brandName} collects when you search, book and travel with us, why we
          need it, who we share it with and the choices you have.
        </p>
      }
      sections={sections}
    />
  );
}
