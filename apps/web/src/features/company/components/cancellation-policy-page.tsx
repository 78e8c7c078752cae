import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { brandDisplayName } from '../../../theme/apply-brand';
import { operatorName, type PageOperator } from '../lib/operator';
import {
  accountPolicy,
  POLICIES_LAST_UPDATED,
  refundPolicy,
  RESPONSE_TIME,
} from '../lib/policy-constants';
import { textLinkClass } from '../lib/text-styles';
import { ContactDetails } from './contact-details';
import { PolicyLayout, type PolicySection } from './policy-layout';
import { PolicyTable } from './policy-table';

const CANCELLATION_POLICY_TITLE = 'Cancellation Policy';

/** The sections of the cancellation policy, in order. */
const cancellationPolicySections = [
  { id: 'introduction', title: 'Introduction' },
  { id: 'fare-types', title: 'Fare types' },
  { id: 'cancellation-process', title: 'Cancellation process' },
  { id: 'refund-timeline', title: 'Refund timeline' },
  { id: 'special-circumstances', title: 'Special circumstances' },
  { id: 'travel-insurance', title: 'Travel insurance' },
  { id: 'disputes', title: 'Disputes' },
  { id: 'policy-changes', title: 'Policy changes' },
] as const;

type SectionId = (typeof cancellationPolicySections)[number]['id'];

/**
 * `/cancellation-policy`: what a cancellation refunds and when, as the product does it — the
 * airline's fare conditions decide the refund, the quote is shown before the traveller confirms,
 * the money goes back to the card, and the service fee stays.
 */
// eslint-disable-next-line unit-size/max-function-lines, unit-size/max-span-lines -- the page's legal text, kept whole in the order it reads
export function CancellationPolicyPage(operator: PageOperator) {
  const brandName = brandDisplayName(operator.brand);
  const company = operatorName(operator, brandName);

  const content: Record<SectionId, ReactNode> = {
    introduction: (
      <>
        <p>
          This policy explains how you can cancel a flight booked with {brandName}, how much you get
          back and when. {brandName} is operated by {company}, which books your flights with the
          airline on your behalf. Your ticket is issued by the airline, so the airline&apos;s fare
          conditions decide whether a ticket can be changed or refunded and what it costs; we apply
          them exactly as the airline sets them and add no cancellation charge of our own.
        </p>
        <h3>At a glance</h3>
        <ul>
          <li>{refundPolicy.started}</li>
          <li>{refundPolicy.processing}</li>
          <li>{refundPolicy.originalPayment} (the card you paid with).</li>
          <li>{refundPolicy.serviceFees}</li>
          <li>Airline fees may apply, depending on your fare.</li>
          <li>You always see the refund amount before you confirm a cancellation.</li>
        </ul>
      </>
    ),
    'fare-types': (
      <>
        <p>
          Airlines sell the same seat under different fares. The cheaper the fare, the stricter its
          conditions. Names vary from airline to airline, but most follow the pattern below.
        </p>
        <PolicyTable
          caption="Typical economy fares and their conditions"
          columns={['Fare', 'Changes', 'If you cancel']}
          rows={[
            {
              key: 'basic',
              cells: [
                'Basic',
                'Not allowed.',
                'Non-refundable: the airline returns only the government taxes and airport charges of the unused ticket.',
              ],
            },
            {
              key: 'standard',
              cells: [
                'Standard',
                'Allowed for a fee, plus any difference in fare.',
                'Non-refundable: the airline returns only the government taxes and airport charges of the unused ticket.',
              ],
            },
            {
              key: 'flex',
              cells: [
                'Flex',
                'Allowed free of charge; you pay only any difference in fare.',
                'Refundable: the fare, taxes and paid extras such as seats are returned in full.',
              ],
            },
          ]}
        />
        <p>
          Premium economy, business and first class follow the same idea. The lower fare of each
          cabin (for example Premium or Business) can be changed or refunded less an airline fee;
          the flexible fares (Premium Flex, Business Flex) and First can be changed and refunded in
          full.
        </p>
        <p>
          The conditions of your own ticket are shown before you pay: on the flight page, the price
          summary shows whether the fare is Refundable, and the Fare Rules tab shows whether it is
          refundable and changeable. Where a fare allows changes the page says &lsquo;
          {refundPolicy.feesMayApply}&rsquo;. Your booking details in My Trips show the fare again
          after you book.
        </p>
      </>
    ),
    'cancellation-process': (
      <>
        <p>You can cancel a confirmed booking online at any time before the first flight leaves:</p>
        <ol>
          <li>
            Sign in and open{' '}
            <Link to="/my-trips" className={textLinkClass}>
              My Trips
            </Link>
            . If you booked as a guest, sign in with the username and temporary password shown when
            you booked; you will be asked to choose your own password first.
          </li>
          <li>Find the trip under Upcoming and choose Cancel.</li>
          <li>
            We ask the airline what it will refund and show you the refund amount, with the total
            you paid, before anything is cancelled.
          </li>
          <li>
            Choose &lsquo;Yes, Cancel Booking&rsquo; to cancel, or &lsquo;No, Keep Booking&rsquo; to
            leave it as it is.
          </li>
        </ol>
        <p>
          The airline cancels your ticket straight away, the trip moves to Cancelled in My Trips,
          and we e-mail a cancellation confirmation with the refund amount to the address on the
          booking. A cancellation cannot be undone: to travel after all you would need a new booking
          at the current price.
        </p>
        <p>
          Once your journey has started the rest of it can no longer be cancelled online. To cancel
          the remaining flights, or to change a booking (new dates or times, or a misspelt name),
          contact us with your booking reference. You can look a booking up without signing in on{' '}
          <Link to="/manage-booking" className={textLinkClass}>
            Manage Booking
          </Link>
          .
        </p>
      </>
    ),
    'refund-timeline': (
      <>
        <ol>
          <li>
            <strong className="font-semibold">Refund started.</strong> {refundPolicy.started} When
            you cancel online in My Trips, the refund starts at once.
          </li>
          <li>
            <strong className="font-semibold">Airline processing.</strong> {refundPolicy.processing}
          </li>
          <li>
            <strong className="font-semibold">Money back on your card.</strong>{' '}
            {refundPolicy.originalPayment}: the card you paid with. We cannot send a refund to a
            different card, a bank account or a voucher. Your bank may take a few more days to show
            it on your statement.
          </li>
        </ol>
        <h3>What is refunded</h3>
        <ul>
          <li>
            The refund is the amount the airline returns under your fare conditions, as shown in the
            refund quote before you confirmed.
          </li>
          <li>
            Our service fee, included in the price you paid, covers the work of finding and booking
            your flights. {refundPolicy.serviceFees}
          </li>
          <li>
            Fees may apply: airline cancellation or change fees are taken from the refund where your
            fare has them.
          </li>
          <li>
            If your card has since expired or been replaced, the refund normally reaches the new
            card on the same account; ask your bank if it does not arrive.
          </li>
        </ul>
      </>
    ),
    'special-circumstances': (
      <>
        <h3>The airline cancels or changes your flight</h3>
        <p>
          If the airline cancels a flight or changes its time significantly, you are entitled to a
          full refund of the unused ticket, or to another flight, whatever your fare. For flights
          covered by UK or EU air passenger rules you may also be owed compensation and care by the
          airline. Contact us and we will help you choose and deal with the airline for you.
        </p>
        <h3>Illness, bereavement and other serious events</h3>
        <p>
          Some airlines waive their fees or refund a non-refundable ticket on compassionate grounds,
          usually with a document such as a medical certificate. Contact us before the flight and we
          will make the request to the airline for you; the decision is the airline&apos;s.
        </p>
        <h3>Missed flights and no-shows</h3>
        <p>
          If you do not take a flight without cancelling it first, the airline usually cancels the
          rest of the booking, including any return flight, and may refund nothing but part of the
          taxes. If you cannot make a flight, cancel or contact us before it leaves.
        </p>
        <h3>Travel documents and entry requirements</h3>
        <p>
          Passports, visas and health documents are the traveller&apos;s responsibility. An airline
          that refuses boarding because of missing or invalid documents treats the ticket as unused
          under your fare conditions.
        </p>
      </>
    ),
    'travel-insurance': (
      <>
        <p>
          {brandName} does not sell travel insurance, and your booking does not include it. A
          cancellation refunds only what your fare conditions allow, so we recommend buying travel
          insurance as soon as you book.
        </p>
        <p>
          Choose a policy that covers cancellation for illness or other events beyond your control,
          missed connections, delays, lost baggage and medical treatment abroad. If you claim, your
          insurer may ask for your booking confirmation and, after a cancellation, the cancellation
          e-mail showing what the airline refunded.
        </p>
      </>
    ),
    disputes: (
      <>
        <p>
          If something has gone wrong with a cancellation or refund, contact us first with your
          booking reference. We reply {RESPONSE_TIME} and take the matter up with the airline when
          the decision is theirs.
        </p>
        <ContactDetails {...operator} />
        <p>
          If we cannot resolve your complaint, you can take a complaint about the airline to the
          airline&apos;s alternative dispute resolution scheme or, for flights to or from the United
          Kingdom, to the Civil Aviation Authority. If you paid by card, your card issuer may also
          be able to help. None of this affects your statutory rights.
        </p>
      </>
    ),
    'policy-changes': (
      <>
        <p>
          We may update this policy when airline rules, the law or our service change. We give at
          least {accountPolicy.materialChangeNoticeDays} days&apos; notice of material changes, on
          this page and by e-mail to account holders. The policy in force on the day you booked
          applies to that booking.
        </p>
        <p>
          See also our{' '}
          <Link to="/terms" className={textLinkClass}>
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to="/privacy-policy" className={textLinkClass}>
            Privacy Policy
          </Link>
          .
        </p>
      </>
    ),
  };

  const sections: PolicySection[] = cancellationPolicySections.map((section) => ({
    ...section,
    content: content[section.id],
  }));

  return (
    <PolicyLayout
      eyebrow="Legal"
      title={CANCELLATION_POLICY_TITLE}
      lastUpdated={POLICIES_LAST_UPDATED}
      intro={
        <p>
          How to cancel a {brandName} booking, what you get back under your fare, and how long the
          refund takes to reach your card.
        </p>
      }
      sections={sections}
    />
  );
}
