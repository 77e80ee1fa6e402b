/**
 * The e2e server's mail outbox (DATA_DIR/outbox/*.eml, the OpenAPI document): waits for
 * the newest mail matching a link path and returns that link's path and query.
 */
import { expect } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const port = Number(process.env.E2E_PORT ?? 3199);
/** Same directory as playwright.config.ts's DATA_DIR (relative to apps/web). */
export const OUTBOX_DIR = fileURLToPath(
  new URL(`../../../test-results/e2e-data-${port}/outbox`, import.meta.url),
);

/** Undoes quoted-printable soft line breaks and `=XX` escapes of an .eml text part. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The path (with query) of the newest outbox link to `/<linkPath>?token=...` sent to `to`,
 * waiting up to `timeoutMs` for the mail to be written.
 */
export async function newestMailLink(
  to: string,
  linkPath: 'reset-password' | 'verify-email' | 'confirm-email-change' | 'cancel-email-change',
  timeoutMs = 10_000,
): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"<>]+/${linkPath}\\?token=[A-Za-z0-9_.~%-]+`);
  let found = '';
  await expect(async () => {
    const files = (await readdir(OUTBOX_DIR).catch(() => [] as string[]))
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse();
    for (const file of files) {
      const text = decodeQuotedPrintable(await readFile(path.join(OUTBOX_DIR, file), 'utf8'));
      const link = pattern.exec(text)?.[0];
      if (link && text.toLowerCase().includes(to.toLowerCase())) {
        const url = new URL(link);
        found = `${url.pathname}${url.search}`;
        return;
      }
    }
    throw new Error(`no ${linkPath} mail to ${to} in ${OUTBOX_DIR}`);
  }).toPass({ timeout: timeoutMs, intervals: [200] });
  return found;
}
