/**
 * Shared story fixtures: the frozen "now" every story uses for dates (stable screenshots),
 * and small deterministic data for the component stories.
 */

/** The instant every story treats as "now", so dates and screenshots are stable. */
export const FROZEN_NOW = new Date('2026-03-14T10:30:00Z');

/** FROZEN_NOW shifted by whole days and hours (negative = in the past), as an ISO string. */
export function daysAgo(days: number, hours = 0): string {
  return new Date(FROZEN_NOW.getTime() - days * 86_400_000 - hours * 3_600_000).toISOString();
}

/** A 48 x 32 PNG (amber checkerboard), 128 bytes: a sample bill photo. */
const BILL_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAAR0lEQVR42mP4usUGK/r1+gRWRGv1DKMOGnXQqINGnIMGymJc6kcdNOqgUQeNPAeNltSjDhp10KiDRttDo1XHqINGHTTCHQQAe4W2xC5IB+AAAAAASUVORK5CYII=';

/** A bill photo as a File, built from {@link BILL_PNG_BASE64}. */
export function billPhoto(name = 'electricity-bill.png', type = 'image/png'): File {
  const bytes = Uint8Array.from(atob(BILL_PNG_BASE64), (c) => c.charCodeAt(0));
  return new File([bytes], name, { type });
}

/** A 24 x 24 SVG avatar picture as a data URL (no network in stories). */
export const AVATAR_DATA_URL =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="24" height="24" fill="#0f766e"/><circle cx="12" cy="9" r="4.5" fill="#ccfbf1"/><path d="M3 24c1-5.5 4.5-8 9-8s8 2.5 9 8z" fill="#ccfbf1"/></svg>',
  );
