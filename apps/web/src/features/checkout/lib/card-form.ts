import { cardMessages, type CardDetails } from '@contrail/contracts/payments';

/** The card form as typed. It lives in memory only: never stored, never sent but to authorise. */
export type CardForm = Record<keyof CardDetails, string>;
export type CardField = keyof CardForm;

export const EMPTY_CARD: CardForm = {
  number: '',
  holderName: '',
  expiryMonth: '',
  expiryYear: '',
  cvv: '',
};

/** The field each card input's id names (its label, error and focus target). */
export const CARD_FIELD_IDS: Record<CardField, string> = {
  number: 'card-number',
  holderName: 'card-holder-name',
  expiryMonth: 'card-expiry-month',
  expiryYear: 'card-expiry-year',
  cvv: 'card-cvv',
};

/** The toast for the first rule a card breaks, in the form's order. */
const CARD_TOASTS: {
  fields: CardField[];
  title: string;
  description: (message: string) => string;
}[] = [
  {
    fields: ['number'],
    title: cardMessages.invalidNumberTitle,
    description: () => cardMessages.invalidNumber,
  },
  {
    fields: ['expiryMonth', 'expiryYear'],
    title: cardMessages.invalidExpiry,
    description: (message) =>
      message === cardMessages.expired
        ? cardMessages.expired
        : 'Enter the expiry month (01-12) and the last two digits of the year.',
  },
  {
    fields: ['cvv'],
    title: cardMessages.invalidCvv,
    description: () => 'Enter the 3 or 4 digit security code printed on your card.',
  },
  {
    fields: ['holderName'],
    title: cardMessages.invalidHolder,
    description: () => 'Enter the name as it appears on your card (at least 3 characters).',
  },
];

/** The first rule a card breaks, in the form's order: its field (to focus) and its toast. */
export function firstCardProblem(
  messages: Partial<Record<CardField, string>>,
): { field: CardField; title: string; description: string } | null {
  const first = CARD_TOASTS.find((entry) => entry.fields.some((field) => messages[field]));
  if (!first) return null;
  const field = first.fields.find((candidate) => messages[candidate]) ?? 'number';
  return { field, title: first.title, description: first.description(messages[field] ?? '') };
}
