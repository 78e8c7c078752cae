import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * The SMTP server the end-to-end server sends its mail to: every message it accepts becomes an
 * .eml file in `folder`, where any test worker can read it (see mailbox.ts).
 */
export async function startMailSink(port: number, folder: string): Promise<() => Promise<void>> {
  await mkdir(folder, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        count += 1;
        const name = `${String(Date.now())}-${String(count).padStart(6, '0')}.eml`;
        // Written aside and renamed, so a reader never sees half a message.
        const part = join(folder, `.${name}.part`);
        writeFile(part, Buffer.concat(chunks))
          .then(() => rename(part, join(folder, name)))
          .then(
            () => callback(),
            (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
          );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
