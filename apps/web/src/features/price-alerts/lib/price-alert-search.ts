import { z } from 'zod';

// Loaded with the router (entry chunk): zod only, nothing else.

/** The /price-alert page an alert e-mail's links open: `confirm` or `stop`, with its token. */
export const priceAlertPageSearchSchema = z.object({
  confirm: z.string().optional().catch(undefined),
  stop: z.string().optional().catch(undefined),
});
