import { defineConfig } from '@playwright/test';
import journeys, { ACCESSIBILITY_AUDIT, APP_SERVER, CHROMIUM_USE } from './playwright.config';

// `npm run test:a11y`: the accessibility audit. Every route and open state of every brand (the
// two seeded ones and a generated brand of extreme colours) on a phone and a desktop under axe,
// with target size and reflow measured, and WCAG 2.2's focus, keyboard and text-size checks. It
// loads some 400 page states, so it runs beside `npm test` (the journeys) rather than in it; CI
// runs both (.ci/run). The same app, mail sink and settings as the journeys, on a database of its
// own; the Duffel app is not started, as no audit test uses it.
export default defineConfig({
  ...journeys,
  testMatch: ACCESSIBILITY_AUDIT,
  projects: [{ name: 'accessibility', use: CHROMIUM_USE }],
  webServer: APP_SERVER,
});
