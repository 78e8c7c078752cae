import {
  passengerMessages,
  passengerTypeLabels,
  type Passenger,
} from '@contrail/contracts/bookings';
import type { Offer } from '@contrail/contracts/offers';
import { ArrowRightIcon, IdCardIcon, LoaderCircleIcon, TriangleAlertIcon } from 'lucide-react';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { checkoutTexts } from '../lib/checkout-texts';
import type { ServerPassengerError } from '../lib/checkout-state';
import type { OfferProblem } from '../lib/offer-problems';
import {
  passengerFormResolver,
  travelDate,
  utcToday,
  type PassengerFormOutput,
  type PassengerFormValues,
} from '../lib/passenger-form';
import { PassengerCard } from './passenger-card';
import { StepHeading } from './step-heading';

interface PassengerStepProps {
  offer: Offer;
  initialValues: PassengerFormValues;
  serverErrors: readonly ServerPassengerError[];
  offerProblem: OfferProblem | null;
  /** Verifies the offer before continuing; false when it can no longer be booked. */
  verifyOffer: () => Promise<boolean>;
  onDraft: (values: PassengerFormValues) => void;
  onSubmit: (values: PassengerFormValues, passengers: Passenger[]) => void;
}

/** Step 1 (spec 001 §2): one card per passenger of the offer, validated with the contract. */
export function PassengerStep({
  offer,
  initialValues,
  serverErrors,
  offerProblem,
  verifyOffer,
  onDraft,
  onSubmit,
}: PassengerStepProps) {
  const today = useMemo(() => utcToday(), []);
  const passportRequired = offer.passenger_identity_documents_required;
  const form = useForm<PassengerFormValues, unknown, PassengerFormOutput>({
    defaultValues: initialValues,
    resolver: passengerFormResolver({ today, passportRequired, travelDate: travelDate(offer) }),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { handleSubmit, getValues, setError, formState } = form;
  const [failed, setFailed] = useState(serverErrors.length > 0);

  const applyServerErrors = useEffectEvent(() => {
    for (const { index, field, message } of serverErrors) {
      setError(`passengers.${index}.${field}`, { type: 'server', message }, { shouldFocus: true });
    }
  });
  useEffect(() => {
    applyServerErrors();
  }, []);

  // Going back from a later step restores what was typed.
  // getValues() is the form's live object: the store keeps a copy.
  const values = () => structuredClone(getValues());
  const saveDraft = useEffectEvent(() => onDraft(values()));
  useEffect(() => () => saveDraft(), []);

  const hasErrors = formState.errors.passengers?.some?.(Boolean) ?? false;
  const submit = handleSubmit(
    async (output) => {
      setFailed(false);
      if (!(await verifyOffer())) return;
      onSubmit(values(), output.passengers);
    },
    () => setFailed(true),
  );
  const blocked = offerProblem !== null;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-6">
      <StepHeading description="Enter every traveller's details exactly as they appear on their passport or ID.">
        {checkoutTexts.passengerHeading}
      </StepHeading>

      {offerProblem ? (
        <Alert variant="destructive" role="alert">
          <TriangleAlertIcon aria-hidden="true" />
          <AlertTitle>{checkoutTexts.offerExpiredButton}</AlertTitle>
          <AlertDescription>{offerProblem.message}</AlertDescription>
        </Alert>
      ) : null}

      {passportRequired ? (
        <Alert variant="warning">
          <IdCardIcon aria-hidden="true" />
          <AlertTitle>{checkoutTexts.passportRequiredTitle}</AlertTitle>
          <AlertDescription>{checkoutTexts.passportRequired}</AlertDescription>
        </Alert>
      ) : null}

      {failed && hasErrors ? (
        <Alert variant="destructive" role="alert">
          <TriangleAlertIcon aria-hidden="true" />
          <AlertDescription className="text-foreground">
            {passengerMessages.completeAll}
          </AlertDescription>
        </Alert>
      ) : null}

      {offer.passengers.map((passenger, index) => (
        <PassengerCard
          key={passenger.id}
          form={form}
          index={index}
          typeLabel={passengerTypeLabels[passenger.type]}
          passportRequired={passportRequired}
          today={today}
        />
      ))}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        <Button type="submit" size="lg" disabled={blocked || formState.isSubmitting}>
          {blocked ? (
            checkoutTexts.offerExpiredButton
          ) : formState.isSubmitting ? (
            <>
              <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
              Checking availability...
            </>
          ) : (
            <>
              {checkoutTexts.continueToSeats}
              <ArrowRightIcon aria-hidden="true" />
            </>
          )}
        </Button>
      </div>
    </form>
  );
}
