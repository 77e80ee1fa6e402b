/**
 * The JWT signing secret: JWT_SECRET when set, else one generated on first start and kept
 * in `<DATA_DIR>/jwt-secret` (mode 0600) so tokens survive restarts. A stored secret
 * shorter than 32 characters (a damaged file) stops start-up with a ConfigError.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from './config.ts';

export async function loadJwtSecret(
  dataDir: string,
  configured: string | undefined,
): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  let stored: string | undefined;
  try {
    stored = (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (stored !== undefined) {
    if (stored.length >= 32) return stored;
    // A damaged key must not be used (a short key is guessable) nor silently replaced.
    throw new ConfigError(
      `${file} holds no valid secret (fewer than 32 characters). Delete it to generate a new one (everyone will have to sign in again), or set JWT_SECRET.`,
    );
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, secret + '\n', { mode: 0o600, flag: 'wx' }).catch(async (error) => {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  });
  return (await readFile(file, 'utf8')).trim();
}
