import { passengerRulesFor } from '@contrail/contracts/passengers';
import type { Passenger, PassengerRules } from '@contrail/contracts/passenger-check';
import { passengerMessages } from '@contrail/contracts/passenger-messages';
import { passengerTypeLabels } from '@contrail/contracts/passenger-types';
import type { Offer } from '@contrail/contracts/offers';
import {
  ArrowRightIcon,
  IdCardIcon,
  LoaderCircleIcon,
  TriangleAlertIcon,
  UsersIcon,
} from 'lucide-react';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { checkoutTexts } from '../lib/checkout-texts';
import type { ServerPassengerError } from '../lib/checkout-state';
import type { OfferProblem } from '../lib/offer-problems';
import {
  passengerFormResolver,
  utcToday,
  type PassengerFormOutput,
  type PassengerFormValues,
} from '../lib/passenger-form';
import { PassengerCard } from './passenger-card';
import { StepHeading } from './step-heading';

interface PassengerStepProps {
  offer: Offer;
  /** Travellers typed for an offer that expired, offered to fill this form. */
  carried: { values: PassengerFormValues; done: () => void } | null;
  initialValues: PassengerFormValues;
  serverErrors: readonly ServerPassengerError[];
  offerProblem: OfferProblem | null;
  /** Verifies the offer before continuing; false when it can no longer be booked. */
  verifyOffer: () => Promise<boolean>;
  onDraft: (values: PassengerFormValues) => void;
  onSubmit: (values: PassengerFormValues, passengers: Passenger[]) => void;
}

/** How long typing pauses before the draft is kept (a reload finds it). */
const DRAFT_SAVE_DELAY_MS = 300;

type PassengerForm = ReturnType<typeof usePassengerForm>;

/** The airlines flying the trip, whose frequent flyer numbers can be added: `[code, name]`. */
function tripAirlines(offer: Offer) {
  const names = new Map<string, string>();
  for (const segment of offer.slices.flatMap((slice) => slice.segments))
    names.set(segment.airline.iata_code, segment.airline.name);
  return [...names];
}

function usePassengerForm(initialValues: PassengerFormValues, rules: PassengerRules) {
  return useForm<PassengerFormValues, unknown, PassengerFormOutput>({
    defaultValues: initialValues,
    resolver: passengerFormResolver(rules),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
}

/** The server's word on a field, shown on it once the step opens, the first one focused. */
function useServerErrors(form: PassengerForm, serverErrors: readonly ServerPassengerError[]) {
  const applyServerErrors = useEffectEvent(() => {
    for (const { index, field, message } of serverErrors) {
      form.setError(
        `passengers.${index}.${field}`,
        { type: 'server', message },
        { shouldFocus: true },
      );
    }
  });
  useEffect(() => {
    applyServerErrors();
  }, []);
}

/**
 * What is typed is kept as it is typed (a reload finds it) and when the step is left.
 * getValues() is the form's live object: the store keeps a copy. Returns that copy, now.
 */
function useDraftSaving(form: PassengerForm, onDraft: (values: PassengerFormValues) => void) {
  const values = () => structuredClone(form.getValues());
  const saveDraft = useEffectEvent(() => onDraft(values()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = form.subscribe({
      formState: { values: true },
      callback: () => {
        clearTimeout(timer);
        timer = setTimeout(saveDraft, DRAFT_SAVE_DELAY_MS);
      },
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
      saveDraft();
    };
  }, [form]);
  return values;
}

/** Step 1: one card per passenger of the offer, validated with the contract. */
export function PassengerStep({
  offer,
  carried,
  initialValues,
  serverErrors,
  offerProblem,
  verifyOffer,
  onDraft,
  onSubmit,
}: PassengerStepProps) {
  const today = useMemo(() => utcToday(), []);
  const passportRequired = offer.passenger_identity_documents_required;
  const rules = useMemo(() => passengerRulesFor(offer, today), [offer, today]);
  const airlines = useMemo(() => tripAirlines(offer), [offer]);
  const form = usePassengerForm(initialValues, rules);
  const { handleSubmit, formState } = form;
  const [failed, setFailed] = useState(serverErrors.length > 0);
  useServerErrors(form, serverErrors);
  const values = useDraftSaving(form, onDraft);

  const hasErrors = formState.errors.passengers?.some?.(Boolean) ?? false;
  const submit = handleSubmit(
    async (output) => {
      setFailed(false);
      if (!(await verifyOffer())) return;
      onSubmit(values(), output.passengers);
    },
    () => setFailed(true),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-6">
      <StepHeading description="Enter every traveller's details exactly as they appear on their passport or ID.">
        {checkoutTexts.passengerHeading}
      </StepHeading>

      {carried ? <CarriedNotice form={form} carried={carried} /> : null}

      <PassengerStepAlerts passportRequired={passportRequired} showErrors={failed && hasErrors} />

      {offer.passengers.map((passenger, index) => (
        <PassengerCard
          key={passenger.id}
          form={form}
          index={index}
          type={passenger.type}
          typeLabel={passengerTypeLabels[passenger.type]}
          passportRequired={passportRequired}
          today={today}
          airlines={airlines}
        />
      ))}

      <ContinueButton blocked={offerProblem !== null} submitting={formState.isSubmitting} />
    </form>
  );
}

/** The passport the trip needs, and the step's errors after a failed attempt to continue. */
function PassengerStepAlerts({
  passportRequired,
  showErrors,
}: {
  passportRequired: boolean;
  showErrors: boolean;
}) {
  return (
    <>
      {passportRequired ? (
        <Alert variant="warning">
          <IdCardIcon aria-hidden="true" />
          <AlertTitle>{checkoutTexts.passportRequiredTitle}</AlertTitle>
          <AlertDescription>{checkoutTexts.passportRequired}</AlertDescription>
        </Alert>
      ) : null}

      {showErrors ? (
        <Alert variant="destructive" role="alert">
          <TriangleAlertIcon aria-hidden="true" />
          <AlertDescription className="text-foreground">
            {passengerMessages.completeAll}
          </AlertDescription>
        </Alert>
      ) : null}
    </>
  );
}

interface CarriedNoticeProps {
  form: PassengerForm;
  carried: NonNullable<PassengerStepProps['carried']>;
}

/** Travellers typed for an expired offer: used to fill this form, or dismissed. */
function CarriedNotice({ form, carried }: CarriedNoticeProps) {
  return (
    <Alert variant="info">
      <UsersIcon aria-hidden="true" />
      <AlertTitle>{checkoutTexts.carryTitle}</AlertTitle>
      <AlertDescription className="grid gap-3 text-foreground">
        <p>{checkoutTexts.carryDescription}</p>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            size="sm"
            onClick={() => {
              form.reset(carried.values);
              carried.done();
            }}
          >
            {checkoutTexts.carryUse}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={carried.done}>
            {checkoutTexts.carryDismiss}
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

function ContinueButton({ blocked, submitting }: { blocked: boolean; submitting: boolean }) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
      <Button type="submit" size="lg" disabled={blocked || submitting}>
        {blocked ? (
          checkoutTexts.offerExpiredButton
        ) : submitting ? (
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
  );
}
