import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface Mail {
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
}

/** The folder the run's SMTP sink writes to (set by playwright.config.ts). */
function mailFolder(): string {
  const folder = process.env.E2E_MAIL_DIR;
  if (!folder) throw new Error('E2E_MAIL_DIR is not set: run through playwright.config.ts');
  return folder;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const input = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < input.length; i += 1) {
    const hex = input.slice(i + 1, i + 3);
    if (input[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(input[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(value: string): string {
  return value.replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_all, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function split(raw: string): { headers: Map<string, string>; body: string } {
  const text = raw.replace(/\r\n/g, '\n');
  const end = text.indexOf('\n\n');
  const headers = new Map<string, string>();
  for (const line of text
    .slice(0, end)
    .replace(/\n[ \t]+/g, ' ')
    .split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(
        line.slice(0, colon).trim().toLowerCase(),
        decodeWords(line.slice(colon + 1).trim()),
      );
  }
  return { headers, body: end === -1 ? '' : text.slice(end + 2) };
}

/** The decoded text/plain and text/html bodies of a (multipart) message. */
function bodies(raw: string, found: { text: string; html: string }): void {
  const { headers, body } = split(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      bodies(part.replace(/^\n/, ''), found);
    }
    return;
  }
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  const decoded =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  if (type.startsWith('text/html')) found.html ||= decoded;
  else if (type.startsWith('text/plain')) found.text ||= decoded;
}

function parse(raw: string): Mail {
  const { headers } = split(raw);
  const found = { text: '', html: '' };
  bodies(raw, found);
  return { headers, subject: headers.get('subject') ?? '', ...found };
}

/** Every message the sink has received for `address`, oldest first. */
export async function mailTo(address: string): Promise<Mail[]> {
  const folder = mailFolder();
  const names = (await readdir(folder)).filter((name) => name.endsWith('.eml')).sort();
  const mails = await Promise.all(
    names.map(async (name) => parse(await readFile(join(folder, name), 'utf8'))),
  );
  return mails.filter((mail) =>
    (mail.headers.get('to') ?? '').toLowerCase().includes(address.toLowerCase()),
  );
}

/**
 * The newest message for `address` once there are more than `seen` of them (the server sends
 * from its outbox a moment after the request).
 */
export async function nextMailTo(address: string, seen = 0, timeoutMs = 15_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailTo(address);
    const latest = mails.at(-1);
    if (latest && mails.length > seen) return latest;
    if (Date.now() > deadline)
      throw new Error(`no e-mail to ${address} within ${String(timeoutMs)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The newest message for `address` whose subject matches, once it has arrived. */
export async function mailMatching(
  address: string,
  subject: RegExp,
  timeoutMs = 15_000,
): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailTo(address)).filter((mail) => subject.test(mail.subject)).at(-1);
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`no e-mail "${subject.source}" to ${address} within ${String(timeoutMs)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
