/**
 * The PaymentIntent endpoints that make and move one: create (and confirm at once), retrieve,
 * confirm (with a publishable key too, by its client secret), capture and cancel.
 */
import type { StripeAccount } from './account';
import type { Call } from './endpoint';
import type { EndpointKit } from './endpoint-kit';
import { invalidParam } from './errors';
import {
  automaticMethodsOf,
  checkIntentAmount,
  checkLastDigit,
  checkNewIntentOptions,
  defaultCaptureMethod,
  readMethodTypes,
} from './intent-params';
import { renderPaymentIntent } from './objects';

/** The endpoints of one account's PaymentIntents. */
export function paymentIntentEndpoints(account: StripeAccount, kit: EndpointKit) {
  const { intentOf, checkClientSecret, renderIntent, readExpand } = kit;

  function createIntent(call: Call): unknown {
    const { params } = call;
    const methodTypes = readMethodTypes(call);
    const types = methodTypes.legacy;
    const amount = params.integer('amount', { required: true });
    const currency = params.string('currency', { required: true }).toLowerCase();
    const requestedCapture = params.oneOf('capture_method', [
      'automatic',
      'automatic_async',
      'manual',
    ] as const);
    const confirmationMethod =
      params.oneOf('confirmation_method', ['automatic', 'manual'] as const) ?? 'automatic';
    const confirm = params.boolean('confirm') ?? false;
    const paymentMethod = params.string('payment_method');
    const returnUrl = params.string('return_url');
    const automatic = params.hash('automatic_payment_methods');
    const metadata = params.metadata() ?? {};
    const description = params.string('description', { maxLength: 1000 }) ?? null;
    const receiptEmail = params.string('receipt_email') ?? null;
    const statementDescriptor = params.string('statement_descriptor', { maxLength: 22 }) ?? null;
    const suffix = params.string('statement_descriptor_suffix', { maxLength: 22 }) ?? null;
    const customer = params.string('customer');
    const expand = readExpand(params, 'payment_intent');

    checkIntentAmount(amount, currency);
    const automaticPaymentMethods = automaticMethodsOf(automatic, types, call.info.version);
    checkNewIntentOptions({ statementDescriptor, returnUrl, confirm, customer });

    const intent = account.createIntent(
      {
        amount,
        currency,
        captureMethod: requestedCapture ?? defaultCaptureMethod(call.info.version),
        confirmationMethod,
        metadata: Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== '')),
        description,
        receiptEmail,
        statementDescriptor,
        statementDescriptorSuffix: suffix,
        paymentMethodTypes: ['card'],
        allowedPaymentMethodTypes: methodTypes.allowed ?? null,
        excludedPaymentMethodTypes: methodTypes.excluded ?? null,
        automaticPaymentMethods,
      },
      call.info,
    );
    if (confirm) {
      account.confirm(
        intent,
        {
          ...(paymentMethod !== undefined ? { paymentMethod } : {}),
          ...(returnUrl !== undefined ? { returnUrl } : {}),
        },
        call.info,
      );
    } else if (paymentMethod !== undefined) {
      account.attach(intent, paymentMethod, call.info);
    }
    return renderPaymentIntent(intent, account.ctx(call.info.version, expand));
  }

  function retrieveIntent(call: Call): unknown {
    const intent = intentOf(call);
    checkClientSecret(call, intent);
    call.expand = readExpand(call.params, 'payment_intent');
    return renderIntent(call, intent);
  }

  function confirmIntent(call: Call): unknown {
    const { params } = call;
    const intent = intentOf(call);
    checkClientSecret(call, intent);
    const methodTypes = readMethodTypes(call);
    if (methodTypes.allowed) intent.allowedPaymentMethodTypes = methodTypes.allowed;
    if (methodTypes.excluded) intent.excludedPaymentMethodTypes = methodTypes.excluded;
    const paymentMethod = params.string('payment_method');
    const returnUrl = params.string('return_url');
    const receiptEmail = params.string('receipt_email');
    params.boolean('use_stripe_sdk');
    if (params.hash('payment_method_data') !== undefined) {
      // Card numbers never reach a server in Contrail, and Stripe refuses them from one too.
      throw invalidParam(
        'Sending credit card numbers directly to the Stripe API is generally unsafe. We suggest you use test tokens that map to the test card you are using, see https://stripe.com/docs/testing. To enable testing raw card data APIs, see https://support.stripe.com/questions/enabling-access-to-raw-card-data-apis.',
        'payment_method_data',
      );
    }
    call.expand = readExpand(params, 'payment_intent');
    account.confirm(
      intent,
      {
        ...(paymentMethod !== undefined ? { paymentMethod } : {}),
        ...(returnUrl !== undefined ? { returnUrl } : {}),
        ...(receiptEmail !== undefined ? { receiptEmail } : {}),
      },
      call.info,
    );
    return renderIntent(call, intent);
  }

  function captureIntent(call: Call): unknown {
    const intent = intentOf(call);
    const amount = call.params.integer('amount_to_capture', { min: 1 });
    if (amount !== undefined) checkLastDigit(amount, intent.currency, 'amount_to_capture');
    const metadata = call.params.metadata();
    call.expand = readExpand(call.params, 'payment_intent');
    if (metadata) mergeMetadata(intent.metadata, metadata);
    account.capture(intent, amount, call.info);
    return renderIntent(call, intent);
  }

  function cancelIntent(call: Call): unknown {
    const intent = intentOf(call);
    const reason = call.params.oneOf('cancellation_reason', [
      'duplicate',
      'fraudulent',
      'requested_by_customer',
      'abandoned',
    ] as const);
    call.expand = readExpand(call.params, 'payment_intent');
    account.cancel(intent, reason ?? null, call.info);
    return renderIntent(call, intent);
  }

  return { createIntent, retrieveIntent, confirmIntent, captureIntent, cancelIntent };
}

function mergeMetadata(target: Record<string, string>, update: Record<string, string>): void {
  for (const [key, value] of Object.entries(update)) {
    if (value === '') Reflect.deleteProperty(target, key);
    else target[key] = value;
  }
}
