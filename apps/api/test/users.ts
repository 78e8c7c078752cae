import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client';
import { createPlatformAdmin } from '../src/modules/auth/admin-bootstrap';
import { brands } from '../src/modules/brands/brands.table';

export const ADMIN_PASSWORD = 'Platform-Admin-Pass-1!';
export const USER_PASSWORD = 'Blue-Horizon-42';

export async function brandId(database: DatabaseHandle, domain = 'default'): Promise<string> {
  const [row] = await database.db
    .select({ id: brands.id })
    .from(brands)
    .where(eq(brands.domain, domain));
  if (!row) throw new Error(`no brand ${domain}`);
  return row.id;
}

export async function createAdmin(database: DatabaseHandle, username = 'root'): Promise<void> {
  await createPlatformAdmin(database.db, { username, password: ADMIN_PASSWORD });
}

/** Registers a traveller on `client` and signs them in there (a booking made then is theirs). */
export async function signUpAndSignIn(
  client: {
    post(url: string, payload?: unknown): Promise<{ statusCode: number; body: string }>;
  },
  username = 'ada',
  email = `${username}@example.com`,
): Promise<void> {
  const registered = await client.post('/api/auth/register', {
    username,
    email,
    firstName: 'Ada',
    lastName: 'Lovelace',
    password: USER_PASSWORD,
  });
  if (registered.statusCode !== 201) throw new Error(`register: ${registered.body}`);
  const signedIn = await client.post('/api/auth/login', { username, password: USER_PASSWORD });
  if (signedIn.statusCode !== 200) throw new Error(`sign in: ${signedIn.body}`);
}
