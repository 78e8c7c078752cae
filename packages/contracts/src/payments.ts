import { z } from 'zod';
import { moneyAmountSchema, refineAmountInCurrency } from './money-schemas';
import { passengerInputSchema } from './passenger-check';

export const cardMessages = {
  invalidNumberTitle: 'Invalid Card Number',
  invalidNumber: 'The card number you entered is not valid',
  invalidExpiry: 'Invalid Expiry Date',
  expired: 'Your card has expired',
  invalidCvv: 'Invalid CVV',
  invalidHolder: 'Invalid Card Holder Name',
  cardDetailsRequired: 'Card details are required for card payment',
  paymentFailed: 'Payment Failed',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expiredCard: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  testCardsOnly:
    'Your card was declined. This sandbox accepts only test cards, such as 4242 4242 4242 4242.',
  amountChanged: 'The price has changed. Please review the new total before paying.',
  cardCollectionUnsupported:
    'Card details are entered in the secure payment form of our card processor, not sent to us.',
  paymentNotCompleted: 'The card payment was not completed. Please try again.',
  paymentFormChanged:
    'The payment form has changed. Please reload the page and enter your card details again.',
  paymentFormUnavailable:
    'The secure card form could not be loaded. Nothing has been charged. Please check your connection and try again.',
  processorUnavailable:
    'Card payments cannot be taken right now. Nothing has been charged. Please try again in a few minutes.',
} as const;

/** Digits only; spaces and dashes typed by the traveller are stripped. */
export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** Groups digits in fours for display while typing ('4242 4242 4242 4242'); at most 19 characters. */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 16);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let digit = Number(digits[i]);
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';
export function cardBrandOf(digits: string): CardBrand {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

/**
 * The card form's rules: 15–16 digits passing Luhn, month 01–12, a 2-digit year, CVV 3–4 digits,
 * holder name at least 3 characters. `now` decides whether the card has expired.
 */
export function cardDetailsSchema(now: () => Date = () => new Date()) {
  return z
    .object({
      number: z
        .string()
        .transform(normalizeCardNumber)
        .refine(
          (value) => /^\d{15,16}$/.test(value) && passesLuhn(value),
          cardMessages.invalidNumber,
        ),
      holderName: z
        .string()
        .trim()
        .min(3, cardMessages.invalidHolder)
        .max(100, cardMessages.invalidHolder),
      expiryMonth: z
        .string()
        .trim()
        .regex(/^(0[1-9]|1[0-2])$/, cardMessages.invalidExpiry),
      expiryYear: z
        .string()
        .trim()
        .regex(/^\d{2}$/, cardMessages.invalidExpiry),
      cvv: z
        .string()
        .trim()
        .regex(/^\d{3,4}$/, cardMessages.invalidCvv),
    })
    .refine(
      (card) => {
        const today = now();
        const year = 2000 + Number(card.expiryYear);
        const month = Number(card.expiryMonth);
        return (
          year > today.getUTCFullYear() ||
          (year === today.getUTCFullYear() && month >= today.getUTCMonth() + 1)
        );
      },
      { message: cardMessages.expired, path: ['expiryMonth'] },
    );
}
export type CardDetails = z.output<ReturnType<typeof cardDetailsSchema>>;

const money = moneyAmountSchema;

export const seatSelectionSchema = z.object({
  passengerId: z.string().min(1),
  segmentId: z.string().min(1),
  designator: z.string().regex(/^\d{1,3}[A-Z]$/),
});
export type SeatSelection = z.infer<typeof seatSelectionSchema>;

/** At most this many of one bag service (a provider may allow fewer: its `maximum_quantity`). */
export const MAX_SERVICE_QUANTITY = 9;

/** A service bought with the offer (an extra checked bag), from its `available_services`. */
export const serviceSelectionSchema = z.object({
  id: z.string().min(1).max(200),
  quantity: z.number().int().min(1).max(MAX_SERVICE_QUANTITY),
});
export type ServiceSelection = z.infer<typeof serviceSelectionSchema>;

/** The services of a request: one entry per service (the API refuses the same id twice). */
export const serviceSelectionsSchema = z
  .array(serviceSelectionSchema)
  .max(5 * 18)
  .optional();

/** What every payment call carries: the offer, the price the traveller agreed to, seats, bags, passengers. */
const paymentRequestShape = {
  offerId: z.string().min(1).max(2000),
  amount: money,
  currency: z.string().length(3),
  seats: z
    .array(seatSelectionSchema)
    .max(9 * 12)
    .optional(),
  /** Extra checked bags, from the offer's `available_services`. */
  services: serviceSelectionsSchema,
  /** Every passenger of the booking: checked against every rule before anything is authorised. */
  passengers: z.array(passengerInputSchema).min(1).max(18),
};

/** `POST /api/payments/process-card` (sandbox mode): our card form's test card. */
export const processCardRequestSchema = z
  .object({
    ...paymentRequestShape,
    cardDetails: cardDetailsSchema(),
  })
  .superRefine(refineAmountInCurrency);
export type ProcessCardRequest = z.input<typeof processCardRequestSchema>;

export const processCardResponseSchema = z.object({
  success: z.literal(true),
  paymentId: z.string(),
  /** What was authorised: exactly the sell total plus the chosen seats and bags. */
  amount: money,
  currency: z.string().length(3),
  card: z.object({ brand: z.string(), last4: z.string().length(4) }),
});

/**
 * `POST /api/payments/intents` (Stripe mode): an intent to hold exactly the server's price, made
 * only once every rule holds. The browser confirms it with the card in Stripe's Payment Element;
 * the card never reaches our server. The same `Idempotency-Key` header as the booking's.
 */
export const createIntentRequestSchema = z
  .object(paymentRequestShape)
  .superRefine(refineAmountInCurrency);
export type CreateIntentRequest = z.input<typeof createIntentRequestSchema>;

export const createIntentResponseSchema = z.object({
  /** The processor's intent id (`pi_…`): the booking's `paymentDetails.paymentId`. */
  paymentId: z.string(),
  clientSecret: z.string(),
  publishableKey: z.string(),
  amount: money,
  currency: z.string().length(3),
});
export type CreatedIntent = z.infer<typeof createIntentResponseSchema>;

/** `GET /api/payments/config`: which card collection the payment step shows. */
export const paymentConfigSchema = z.discriminatedUnion('collection', [
  z.object({ collection: z.literal('sandbox') }),
  z.object({ collection: z.literal('stripe'), publishableKey: z.string() }),
]);
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;
