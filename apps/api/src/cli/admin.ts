// `npm run admin -- create <username> [--email <address>] [--password-stdin]`
// Adds a platform admin from the shell. Without --password-stdin a strong password is generated
// and printed once (it must be changed at the first sign-in). With the embedded database, stop
// the server first: PGlite's files belong to one process at a time (it says so if you do not).
import { parseArgs } from 'node:util';
import { ConfigError, parseConfig } from '../config';
import { DirectoryInUseError } from '../db/directory-lock';
import { prepareDatabase } from '../db/prepare';
import { createPlatformAdmin } from '../modules/auth/admin-bootstrap';
import { newPasswordSchema, usernameSchema } from '@contrail/contracts/account-forms';
import { emailSchema } from '@contrail/contracts/fields';

const USAGE = 'usage: npm run admin -- create <username> [--email <address>] [--password-stdin]';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, 'password-stdin': { type: 'boolean', default: false } },
  });
  const [command, rawUsername] = positionals;
  if (command !== 'create' || rawUsername === undefined) {
    console.error(USAGE);
    return 2;
  }
  const username = usernameSchema.safeParse(rawUsername);
  if (!username.success) {
    console.error(username.error.issues[0]?.message ?? 'Invalid username');
    return 2;
  }
  const email = values.email === undefined ? undefined : emailSchema.safeParse(values.email);
  if (email && !email.success) {
    console.error(email.error.issues[0]?.message ?? 'Invalid email');
    return 2;
  }
  let password: string | undefined;
  if (values['password-stdin']) {
    const parsed = newPasswordSchema.safeParse(await readStdin());
    if (!parsed.success) {
      console.error(parsed.error.issues[0]?.message ?? 'Invalid password');
      return 2;
    }
    password = parsed.data;
  }

  const config = parseConfig(process.env);
  const { database } = await prepareDatabase(config);
  try {
    const created = await createPlatformAdmin(database.db, {
      username: username.data,
      password,
      ...(email?.data ? { email: email.data } : {}),
    });
    if (!created) {
      console.error(`An admin called ${username.data} already exists.`);
      return 1;
    }
    console.log(`Platform admin ${created.username} created.`);
    if (created.generatedPassword) {
      console.log(`Password: ${created.generatedPassword}`);
      console.log('It is shown only now and must be changed at the first sign-in.');
    }
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof ConfigError || error instanceof DirectoryInUseError ? error.message : error,
    );
    process.exit(1);
  },
);
