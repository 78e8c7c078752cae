import { randomBytes } from 'node:crypto';

/** Where the secret is kept: a key-value store shared by every process (the settings table). */
export interface SecretStore {
  get(key: string): Promise<unknown>;
  /** Stores the value only if the key is absent. */
  insertIfAbsent(key: string, value: unknown): Promise<unknown>;
}

/**
 * A secret generated once per installation and kept in the database, so every process that
 * shares the database signs and checks with the same key (offer ids, for instance).
 */
export async function installationSecret(settings: SecretStore, name: string): Promise<string> {
  const key = `secret:${name}`;
  await settings.insertIfAbsent(key, randomBytes(32).toString('base64url'));
  const value = await settings.get(key);
  if (typeof value !== 'string' || value.length < 32)
    throw new Error(`Installation secret ${name} is unreadable`);
  return value;
}
