import type { CardDetails } from '@contrail/contracts/payments';

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
