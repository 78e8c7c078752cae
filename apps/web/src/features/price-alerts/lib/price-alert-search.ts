import { searchParams, text } from '../../../lib/search-param-readers';

// Loaded with the router (entry chunk): no zod, nothing else.

/** The /price-alert page an alert e-mail's links open: `confirm` or `stop`, with its token. */
export const readPriceAlertPageSearch = searchParams({ confirm: text(), stop: text() });
