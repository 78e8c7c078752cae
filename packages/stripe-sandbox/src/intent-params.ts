/**
 * A PaymentIntent's parameters checked as Stripe checks them: the parameters creating and
 * confirming one take, its amount and currency, `automatic_payment_methods`, the payment method
 * types the API version names (the sandbox takes cards only), and what a new card intent may
 * not take.
 */
import type { Call } from './endpoint';
import { invalidParam, noSuch, unknownParam } from './errors';
import type { FormObject } from './form';
import {
  formatAmount,
  hasValidLastDigit,
  isSupportedCurrency,
  MAXIMUM_AMOUNT,
  minimumAmount,
} from './money';
import type { IntentRecord } from './records';

/** An intent's amount in a currency Stripe supports, between its minimum charge and maximum. */
export function checkIntentAmount(amount: number, currency: string): void {
  if (!isSupportedCurrency(currency)) {
    throw invalidParam(
      `Invalid currency: ${currency}. Stripe currently supports these currencies: ${[...Intl.supportedValuesOf('currency')].map((c) => c.toLowerCase()).join(', ')}`,
      'currency',
    );
  }
  if (amount < minimumAmount(currency)) {
    throw invalidParam(
      `Amount must be at least ${formatAmount(minimumAmount(currency), currency)} ${currency}`,
      'amount',
      'amount_too_small',
    );
  }
  if (amount > MAXIMUM_AMOUNT) {
    throw invalidParam(
      `Amount must be no more than ${formatAmount(MAXIMUM_AMOUNT, currency)}`,
      'amount',
      'amount_too_large',
    );
  }
  checkLastDigit(amount, currency, 'amount');
}

/**
 * A three-decimal currency's amount (KWD, BHD, JOD, OMR, TND) whose last digit is not 0, refused
 * as Stripe refuses it for Payment Intents, captures and refunds.
 */
export function checkLastDigit(amount: number, currency: string, param: string): void {
  if (hasValidLastDigit(amount, currency)) return;
  throw invalidParam(
    `Invalid amount: ${amount}. Amounts in ${currency}, a three-decimal currency, must be a multiple of 10 (the last digit 0).`,
    param,
    'invalid_charge_amount',
  );
}

/**
 * `automatic_payment_methods` as given (only without `payment_method_types`), or, since API
 * version 2023-08-16, on by default for an intent that names no payment method types.
 */
export function automaticMethodsOf(
  automatic: FormObject | undefined,
  types: unknown,
  version: string,
): IntentRecord['automaticPaymentMethods'] {
  if (types && automatic !== undefined) {
    throw invalidParam(
      'You may only specify one of these parameters: automatic_payment_methods, payment_method_types.',
      'automatic_payment_methods',
    );
  }
  if (automatic === undefined) {
    return !types && version.slice(0, 10) >= '2023-08-16' ? { enabled: true } : null;
  }
  const { enabled, allow_redirects: redirects, ...other } = automatic;
  const unknown = Object.keys(other)[0];
  if (unknown !== undefined) {
    throw invalidParam(
      `Received unknown parameter: automatic_payment_methods[${unknown}]`,
      `automatic_payment_methods[${unknown}]`,
      'parameter_unknown',
    );
  }
  if (enabled !== 'true' && enabled !== 'false') {
    throw invalidParam(
      'Missing required param: automatic_payment_methods[enabled].',
      'automatic_payment_methods[enabled]',
      'parameter_missing',
    );
  }
  if (redirects !== undefined && redirects !== 'always' && redirects !== 'never') {
    throw invalidParam(
      'Invalid automatic_payment_methods[allow_redirects]: must be one of always or never',
      'automatic_payment_methods[allow_redirects]',
    );
  }
  return {
    enabled: enabled === 'true',
    ...(redirects !== undefined ? { allow_redirects: redirects } : {}),
  };
}

/**
 * What a new card intent may not take: a statement descriptor (cards take only its suffix), a
 * return URL unless it is confirmed at once, or a customer (the sandbox has none).
 */
export function checkNewIntentOptions(options: {
  statementDescriptor: string | null;
  returnUrl: string | undefined;
  confirm: boolean;
  customer: string | undefined;
}): void {
  const { statementDescriptor, returnUrl, confirm, customer } = options;
  if (statementDescriptor !== null) {
    throw invalidParam(
      'The statement_descriptor parameter is not supported for the payment_method_type card. To override the statement descriptor on a card charge, use statement_descriptor_suffix.',
      'statement_descriptor',
    );
  }
  if (returnUrl !== undefined && !confirm) {
    throw invalidParam(
      'The parameter return_url cannot be passed when creating a PaymentIntent unless confirm is set to true.',
      'return_url',
    );
  }
  if (customer !== undefined) throw noSuch('customer', customer, 'customer');
}

/** The capture method of an intent that names none: asynchronous from API version 2024-04-10. */
export function defaultCaptureMethod(version: string): 'automatic' | 'automatic_async' {
  return version.slice(0, 10) >= '2024-04-10' ? 'automatic_async' : 'automatic';
}

/** The parameters creating an intent takes. */
export const CREATE_INTENT_PARAMS = [
  'amount',
  'currency',
  'capture_method',
  'confirmation_method',
  'confirm',
  'payment_method',
  'return_url',
  'payment_method_types',
  'allowed_payment_method_types',
  'excluded_payment_method_types',
  'automatic_payment_methods',
  'metadata',
  'description',
  'receipt_email',
  'statement_descriptor',
  'statement_descriptor_suffix',
  'customer',
  'expand',
];

/** The parameters confirming an intent takes (with a publishable key, its client secret). */
export const CONFIRM_INTENT_PARAMS = [
  'client_secret',
  'payment_method',
  'payment_method_types',
  'allowed_payment_method_types',
  'excluded_payment_method_types',
  'payment_method_data',
  'return_url',
  'receipt_email',
  'use_stripe_sdk',
  'expand',
];

/**
 * `2026-09-30.endive` replaced `payment_method_types` with `allowed_payment_method_types` (and
 * `excluded_payment_method_types`); the sandbox takes cards only.
 */
export function readMethodTypes(call: Call): {
  legacy: string[] | undefined;
  allowed: string[] | undefined;
  excluded: string[] | undefined;
} {
  const { params } = call;
  const endive = call.info.version.slice(0, 10) >= '2026-09-30';
  if (endive && params.has('payment_method_types')) throw unknownParam('payment_method_types');
  const legacy = endive ? undefined : params.stringArray('payment_method_types');
  const allowed = params.stringArray('allowed_payment_method_types');
  const excluded = params.stringArray('excluded_payment_method_types');
  const named: [string, string[] | undefined][] = [
    ['payment_method_types', legacy],
    ['allowed_payment_method_types', allowed],
  ];
  for (const [param, types] of named) {
    for (const [index, type] of (types ?? []).entries()) {
      if (type !== 'card') {
        throw invalidParam(
          `The payment method type "${type}" is not available in the Stripe sandbox, which takes cards only.`,
          `${param}[${index}]`,
        );
      }
    }
  }
  if (excluded?.includes('card')) {
    throw invalidParam(
      'The Stripe sandbox takes cards only, so card cannot be excluded.',
      'excluded_payment_method_types',
    );
  }
  return { legacy, allowed, excluded };
}
