// The words of price alerts, apart from the form (`price-alert-form.tsx`): the results page's
// Track prices button says them before the form's code has loaded.
export const priceAlertTexts = {
  track: 'Track prices',
  noSearch: 'Search for a flight, then track its price here or on the results page.',
  emailLabel: 'Email Address',
  failedTitle: 'Price alert not set',
  dialogIntro: 'We will e-mail you when the price of this search drops.',
} as const;
