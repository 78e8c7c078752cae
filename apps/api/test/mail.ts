import { SMTPServer } from 'smtp-server';

interface ReceivedMail {
  /** Envelope recipients. */
  to: string[];
  raw: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** While set, every message is refused with this temporary failure. */
  refuseWith: string | null;
  close(): Promise<void>;
}

/** A real SMTP server on a free local port that keeps what it is sent. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const sink: SmtpSink = {
    port: 0,
    url: '',
    received: [],
    refuseWith: null,
    close: () => Promise.resolve(),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (sink.refuseWith !== null) {
          callback(Object.assign(new Error(sink.refuseWith), { responseCode: 450 }));
          return;
        }
        sink.received.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('sink has no port');
  sink.port = address.port;
  sink.url = `smtp://127.0.0.1:${String(address.port)}`;
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}

export interface ParsedMail {
  headers: Map<string, string>;
  contentType: string;
  /** The decoded text/plain and text/html bodies, wherever they sit in the MIME tree. */
  text: string | undefined;
  html: string | undefined;
  /** Content types of the direct parts of a multipart message. */
  parts: string[];
  /** The attached files, wherever they sit in the MIME tree, decoded. */
  attachments: { filename: string; contentType: string; content: string }[];
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1)));
  }
  return { headers, body };
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) in a header value. */
function decodeWords(value: string): string {
  return value
    .trim()
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
      (_match, _charset, encoding: string, text: string) =>
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64').toString('utf8')
          : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const input = text.replace(/=\n/g, '');
  for (let i = 0; i < input.length; i += 1) {
    const char = input[i] ?? '';
    const hex = input.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return body;
  }
}

/** Reads a message as a test needs it: headers and the decoded text and HTML bodies. */
export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitHeaders(raw);
  const contentType = headers.get('content-type') ?? 'text/plain';
  const parsed: ParsedMail = {
    headers,
    contentType,
    text: undefined,
    html: undefined,
    parts: [],
    attachments: [],
  };
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      const part = parseMail(section.replace(/^\n/, ''));
      parsed.parts.push(part.contentType.split(';')[0]?.trim() ?? '');
      parsed.text ??= part.text;
      parsed.html ??= part.html;
      parsed.attachments.push(...part.attachments);
    }
    return parsed;
  }
  const decoded = decodeBody(body, headers.get('content-transfer-encoding'));
  const disposition = headers.get('content-disposition') ?? '';
  if (disposition.toLowerCase().startsWith('attachment')) {
    const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '';
    parsed.attachments.push({ filename, contentType, content: decoded });
    return parsed;
  }
  if (contentType.toLowerCase().startsWith('text/html')) parsed.html = decoded;
  else if (contentType.toLowerCase().startsWith('text/plain')) parsed.text = decoded;
  return parsed;
}
