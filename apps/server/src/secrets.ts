/**
 * The JWT signing secret: JWT_SECRET when set, else one generated on first start and kept
 * in `<DATA_DIR>/jwt-secret` (mode 0600) so tokens survive restarts.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export async function loadJwtSecret(
  dataDir: string,
  configured: string | undefined,
): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, secret + '\n', { mode: 0o600, flag: 'wx' }).catch(async (error) => {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  });
  return (await readFile(file, 'utf8')).trim();
}
