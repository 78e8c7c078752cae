/** An authorisation no booking used is released after this long. */
export const AUTHORIZATION_TTL_MS = 30 * 60 * 1000;
/** Our payment id in the processor's metadata of every hold we place. */
export const PAYMENT_METADATA_KEY = 'contrail_payment';
