import { startMailSink } from './support/mail-sink';

/** Starts the run's SMTP sink (port and folder from playwright.config.ts); stops it at the end. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const folder = process.env.E2E_MAIL_DIR;
  const port = Number(process.env.E2E_SMTP_PORT);
  if (!folder || !Number.isInteger(port))
    throw new Error('E2E_MAIL_DIR and E2E_SMTP_PORT must be set');
  return startMailSink(port, folder);
}
