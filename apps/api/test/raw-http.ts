import { connect, type Socket } from 'node:net';

// HTTP/1.1 written and read byte for byte on one connection, for the tests that need what a
// client library hides: pipelined requests, requests written but not yet read by the server,
// malformed ones, and how and when the server closes the connection.

export interface RawResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

export interface RawConnection {
  socket: Socket;
  /** Resolves once the bytes are handed to the operating system (on this machine: received). */
  write(text: string): Promise<void>;
  /** Resolves with the first `count` responses on the connection, in order. */
  responses(count: number): Promise<RawResponse[]>;
  /** Every response received in full so far. */
  received(): RawResponse[];
  /** Resolves when the connection is closed, with the error (ECONNRESET…) that closed it, if any. */
  closed: Promise<{ at: number; error?: string }>;
}

/** The responses in `text`, each read in full by its Content-Length; the rest is left. */
function parseResponses(text: string): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = text;
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end === -1) return responses;
    const [statusLine = '', ...lines] = rest.slice(0, end).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    const bodyBytes = Buffer.from(rest.slice(end + 4), 'latin1');
    if (bodyBytes.length < length) return responses;
    responses.push({
      status: Number(statusLine.split(' ')[1]),
      headers,
      body: bodyBytes.subarray(0, length).toString('utf8'),
    });
    rest = bodyBytes.subarray(length).toString('latin1');
  }
}

/** Opens a connection to 127.0.0.1:`port`; rejects if it is refused. */
export function openConnection(port: number): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let error: string | undefined;
    const waiting: { count: number; resolve: (responses: RawResponse[]) => void }[] = [];
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
      const responses = parseResponses(text);
      for (const wait of waiting.filter(({ count }) => responses.length >= count)) {
        waiting.splice(waiting.indexOf(wait), 1);
        wait.resolve(responses.slice(0, wait.count));
      }
    });
    const closed = new Promise<{ at: number; error?: string }>((done) => {
      socket.on('close', () => done({ at: Date.now(), ...(error ? { error } : {}) }));
    });
    socket.on('error', (cause: NodeJS.ErrnoException) => {
      error = cause.code ?? cause.message;
    });
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve({
        socket,
        write: (request) => new Promise((written) => socket.write(request, () => written())),
        received: () => parseResponses(text),
        responses: (count) =>
          new Promise((answered, failed) => {
            waiting.push({ count, resolve: answered });
            void closed.then(({ error: cause }) => {
              const responses = parseResponses(text);
              if (responses.length >= count) answered(responses.slice(0, count));
              else
                failed(
                  new Error(
                    `closed (${cause ?? 'cleanly'}) after ${String(responses.length)} of ${String(count)} responses: ${JSON.stringify(text.slice(0, 300))}`,
                  ),
                );
            });
          }),
        closed,
      });
    });
  });
}

/** A GET with the Host header and nothing else (the connection kept alive, as HTTP/1.1 does). */
export const rawGet = (path: string, extra = ''): string =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}\r\n`;

/** A POST of `body` as JSON, from the page's own origin. */
export const rawPost = (path: string, body: string): string =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
  `Sec-Fetch-Site: same-origin\r\nContent-Length: ${String(Buffer.byteLength(body))}\r\n\r\n${body}`;
