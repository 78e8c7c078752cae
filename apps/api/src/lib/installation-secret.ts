import { randomBytes } from 'node:crypto';
import type { SettingsRepository } from '../modules/system/system.repository';

/**
 * A secret generated once per installation and kept in the database, so every process that
 * shares the database signs and checks with the same key (offer ids, for instance).
 */
export async function installationSecret(
  settings: SettingsRepository,
  name: string,
): Promise<string> {
  const key = `secret:${name}`;
  await settings.insertIfAbsent(key, randomBytes(32).toString('base64url'));
  const value = await settings.get(key);
  if (typeof value !== 'string' || value.length < 32)
    throw new Error(`Installation secret ${name} is unreadable`);
  return value;
}
