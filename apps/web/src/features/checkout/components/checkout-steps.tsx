import type { Offer } from '@contrail/contracts/offers';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { offerKeys } from '../../../lib/offers-api';
import { checkoutKeys } from '../api/checkout-keys';
import type { CheckoutModel } from '../hooks/use-checkout';
import type { CheckoutStep } from '../lib/booking-search';
import { EMPTY_CARD } from '../lib/card-form';
import { forgetCarriedTravellers } from '../lib/checkout-storage';
import { emptyPassengerForm } from '../lib/passenger-form';
import { BagSelection } from './bag-selection';
import { ConfirmationStep } from './confirmation-step';
import { PassengerStep } from './passenger-step';
import { PaymentStep } from './payment-step';
import { SeatStep } from './seat-step';

interface StepProps {
  offer: Offer;
  offerId: string;
  checkout: CheckoutModel;
  summary: ReactNode;
  signedIn: boolean;
  goTo: (step: CheckoutStep) => void;
  onStepChange: (step: CheckoutStep, options?: { replace?: boolean }) => void;
}

/** The step shown: passengers, seats, payment or the confirmation. */
export function CheckoutStepContent(props: StepProps) {
  const { offer, checkout } = props;
  switch (checkout.step) {
    case 'passengers':
      return <PassengersContent {...props} />;
    case 'seats':
      return <SeatsContent {...props} />;
    case 'payment':
      return <PaymentContent {...props} />;
    case 'confirmation':
      return checkout.state.booking ? (
        <ConfirmationStep
          offer={offer}
          booking={checkout.state.booking}
          signedIn={props.signedIn}
        />
      ) : null;
  }
}

function PassengersContent({ offer, checkout, goTo }: StepProps) {
  const { state, dispatch, carried, setCarried } = checkout;
  return (
    <PassengerStep
      offer={offer}
      initialValues={state.draft ?? emptyPassengerForm(offer)}
      serverErrors={state.passengerErrors}
      offerProblem={checkout.problem}
      verifyOffer={checkout.check}
      carried={
        carried
          ? {
              values: carried,
              done: () => {
                forgetCarriedTravellers();
                setCarried(null);
              },
            }
          : null
      }
      onDraft={(draft) => dispatch({ type: 'draftSaved', draft })}
      onSubmit={(draft, passengers) => {
        dispatch({ type: 'passengersSubmitted', draft, passengers });
        goTo('seats');
      }}
    />
  );
}

function SeatsContent({ offer, checkout, goTo }: StepProps) {
  const { state, dispatch, seatMaps, exitRowRule } = checkout;
  return (
    <SeatStep
      offer={offer}
      seatMaps={{ status: seatMaps.status, data: seatMaps.data }}
      passengers={checkout.seated}
      choices={state.seatChoices}
      offerProblem={checkout.problem}
      seatProblem={state.seatProblem}
      seatRestriction={(passengerId, segmentId, seat) =>
        seat.disclosures.length > 0 ? exitRowRule(passengerId, segmentId) : null
      }
      onChoose={(segmentId, passengerId, designator) =>
        dispatch({ type: 'seatChosen', segmentId, passengerId, designator })
      }
      onContinue={() => {
        dispatch({ type: 'seatsConfirmed' });
        goTo('payment');
      }}
      onSkip={() => {
        dispatch({ type: 'seatsSkipped' });
        goTo('payment');
      }}
      bags={
        <BagSelection
          offer={offer}
          choices={state.bagChoices}
          passengerName={checkout.nameOf}
          onChange={(serviceId, quantity) => dispatch({ type: 'bagsChosen', serviceId, quantity })}
        />
      }
    />
  );
}

function PaymentContent({ offerId, checkout, summary, goTo, ...props }: StepProps) {
  const queryClient = useQueryClient();
  const { state, dispatch, paymentConfig, seen } = checkout;
  return (
    <PaymentStep
      offerId={offerId}
      totals={checkout.totals}
      seats={checkout.charges}
      bags={checkout.bags}
      passengers={state.passengers ?? []}
      pendingBooking={state.pendingBooking}
      offerProblem={checkout.problem}
      priceToConfirm={seen.changed}
      card={checkout.card}
      onCardChange={checkout.setCard}
      paymentConfig={paymentConfig.isError ? null : paymentConfig.data}
      testMode={checkout.systemMode.data?.mode !== 'live'}
      summary={summary}
      verifyOffer={checkout.check}
      onOfferProblem={checkout.report}
      onPriceAccepted={(price) => seen.accept(price)}
      onPaymentFormChanged={() => {
        void queryClient.invalidateQueries({ queryKey: checkoutKeys.paymentConfig() });
      }}
      onPriceChanged={() => {
        void queryClient.invalidateQueries({ queryKey: offerKeys.detail(offerId) });
      }}
      onSeatsRejected={(message, taken) => {
        void queryClient.invalidateQueries({ queryKey: offerKeys.seatMaps(offerId) });
        dispatch({ type: 'seatsRejected', message, taken });
        goTo('seats');
      }}
      onPassengersRejected={(errors) => {
        dispatch({ type: 'passengersRejected', errors });
        goTo('passengers');
      }}
      onPending={(pending) => dispatch({ type: 'bookingPending', pending })}
      onSettled={() => dispatch({ type: 'bookingSettled' })}
      onBooked={(booking) => {
        checkout.disarm();
        checkout.setCard(EMPTY_CARD);
        dispatch({ type: 'booked', booking });
        props.onStepChange('confirmation', { replace: true });
        checkout.announceBooked(booking);
      }}
      onBackToSeats={() => goTo('seats')}
    />
  );
}
