import {
  cardBrandOf,
  cardMessages,
  formatCardNumber,
  type CardDetails,
  type PaymentConfig,
} from '@contrail/contracts/payments';
import { LoaderCircleIcon, TriangleAlertIcon } from 'lucide-react';
import { lazy, Suspense, type ComponentProps } from 'react';
import { Controller, useFormState, useWatch, type Control } from 'react-hook-form';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { cn } from '../../../lib/cn';
import { CARD_FIELD_IDS, type CardField, type CardForm } from '../lib/card-form';
import { checkoutTexts } from '../lib/checkout-texts';
import { cardBrandName } from '../lib/trip';
import type { StripeCardController } from './stripe-card-element';

// Stripe's element and Stripe.js: fetched only when the payment step shows them (Stripe mode).
const StripeCardElement = lazy(() => import('./stripe-card-element'));

type CardControl = Control<CardForm, unknown, CardDetails>;
type SetCardField = (field: CardField, value: string) => void;

const digits = (value: string) => value.replace(/\D/g, '');
const asTyped = (value: string) => value;

function Loading() {
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground">
      <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
      {checkoutTexts.loadingPaymentForm}
    </p>
  );
}

/**
 * How the card is taken: our form (sandbox test cards) or Stripe's Payment Element; a loading
 * line while that is being asked, the processor's message when it could not be.
 */
export function PaymentMethod({
  paymentConfig,
  amountMinor,
  currency,
  stripeDisabled,
  locked,
  control,
  setField,
  onStripeController,
}: {
  paymentConfig: PaymentConfig | null | undefined;
  amountMinor: number;
  currency: string;
  stripeDisabled: boolean;
  locked: boolean;
  control: CardControl;
  setField: SetCardField;
  onStripeController: (controller: StripeCardController | null) => void;
}) {
  if (paymentConfig === null) {
    return (
      <Alert variant="destructive" role="alert">
        <TriangleAlertIcon aria-hidden="true" />
        <AlertDescription className="text-foreground">
          {cardMessages.processorUnavailable}
        </AlertDescription>
      </Alert>
    );
  }
  if (paymentConfig === undefined) return <Loading />;
  if (paymentConfig.collection === 'stripe') {
    return (
      <Suspense fallback={<Loading />}>
        <StripeCardElement
          publishableKey={paymentConfig.publishableKey}
          amountMinor={amountMinor}
          currency={currency}
          disabled={stripeDisabled}
          onController={onStripeController}
        />
      </Suspense>
    );
  }
  return <CardFields control={control} setField={setField} locked={locked} />;
}

type CardInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'name'> & {
  control: CardControl;
  name: CardField;
  setField: SetCardField;
  format: (value: string) => string;
};

/** One card input, its value in the form; what is typed is formatted before it is kept. */
function CardInput({ control, name, setField, format, ...props }: CardInputProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Input
          {...props}
          ref={field.ref}
          value={field.value}
          onChange={(event) => setField(name, format(event.target.value))}
        />
      )}
    />
  );
}

/** The number, grouped in fours as typed, with the brand it belongs to beside it. */
function CardNumberField({ control, setField }: { control: CardControl; setField: SetCardField }) {
  const number = useWatch({ control, name: 'number' });
  const { errors } = useFormState({ control, name: 'number' });
  const error = errors.number?.message;
  const brand = cardBrandOf(digits(number));
  return (
    <div className="grid gap-2">
      <Label htmlFor={CARD_FIELD_IDS.number}>Card Number</Label>
      <div className="relative">
        <CardInput
          control={control}
          name="number"
          setField={setField}
          format={formatCardNumber}
          id={CARD_FIELD_IDS.number}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 5678 9012 3456"
          maxLength={19}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'card-number-error' : undefined}
          className={cn('font-mono tracking-wider', brand !== 'unknown' && 'pr-28')}
        />
        {brand !== 'unknown' ? (
          <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-xs font-semibold text-muted-foreground uppercase">
            {cardBrandName(brand)}
          </span>
        ) : null}
      </div>
      {error ? (
        <p id="card-number-error" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The sandbox's card form: test cards only, validated with the contract on submit. */
function CardFields({
  control,
  setField,
  locked,
}: {
  control: CardControl;
  setField: SetCardField;
  locked: boolean;
}) {
  const { errors } = useFormState({ control });
  const input = { control, setField };
  return (
    <fieldset disabled={locked} className="grid gap-4 disabled:opacity-90">
      <legend className="sr-only">Card details</legend>
      <CardNumberField {...input} />
      <Field
        id={CARD_FIELD_IDS.holderName}
        label="Cardholder Name"
        error={errors.holderName?.message}
      >
        <CardInput
          {...input}
          name="holderName"
          format={asTyped}
          autoComplete="cc-name"
          placeholder="Name as shown on the card"
        />
      </Field>
      <CardExpiryAndCvv {...input} />
    </fieldset>
  );
}

/** Expiry month, expiry year and CVV: digits only, side by side. */
function CardExpiryAndCvv({ control, setField }: { control: CardControl; setField: SetCardField }) {
  const { errors } = useFormState({ control });
  const input = { control, setField };
  return (
    <div className="grid grid-cols-3 gap-3 sm:gap-4">
      <Field
        id={CARD_FIELD_IDS.expiryMonth}
        label="Expiry Month"
        error={errors.expiryMonth?.message}
      >
        <CardInput
          {...input}
          name="expiryMonth"
          format={digits}
          inputMode="numeric"
          autoComplete="cc-exp-month"
          placeholder="MM"
          maxLength={2}
        />
      </Field>
      <Field id={CARD_FIELD_IDS.expiryYear} label="Expiry Year" error={errors.expiryYear?.message}>
        <CardInput
          {...input}
          name="expiryYear"
          format={digits}
          inputMode="numeric"
          autoComplete="cc-exp-year"
          placeholder="YY"
          maxLength={2}
        />
      </Field>
      <Field id={CARD_FIELD_IDS.cvv} label="CVV" error={errors.cvv?.message}>
        <CardInput
          {...input}
          name="cvv"
          format={digits}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
        />
      </Field>
    </div>
  );
}
