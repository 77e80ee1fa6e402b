/**
 * Helpers of the email change's route tests and stories (features/auth confirm and cancel
 * pages, docs/decisions/034-secure-email-change.md): on a fake backend, a new customer asks
 * to move their account to another address, and the paths of the two mailed links.
 */
import type { FakeBackend } from '@solar/api/mock';

/** The customer who asks for the change, and the address asked for. */
export const EMAIL_CHANGE = {
  name: 'Aigul Mamytova',
  email: 'aigul@example.com',
  newEmail: 'aigul.mamytova.solar-installations@example.com',
  password: 'Sunshine2026',
} as const;

/** The path and query of the newest link mailed to `to` that opens `page`. */
function linkPath(fake: FakeBackend, to: string, page: string): string {
  const mail = fake.outbox.findLast((m) => m.to === to && m.link.includes(`/${page}?`));
  if (!mail) throw new Error(`no ${page} link mailed to ${to}`);
  const link = new URL(mail.link);
  return `${link.pathname}${link.search}`;
}

/**
 * Signs {@link EMAIL_CHANGE}'s customer up on `fake` and asks to change the email; returns
 * the confirmation link's path (mailed to the new address) and the cancel link's (mailed to
 * the old one).
 */
export function requestEmailChange(fake: FakeBackend): { confirmPath: string; cancelPath: string } {
  const { name, email, newEmail, password } = EMAIL_CHANGE;
  const signedUp = fake.signUp({ name, email, password, confirmPassword: password });
  const { token } = signedUp.body as { token: string };
  const asked = fake.updateMe(`Bearer ${token}`, {
    name,
    email: newEmail,
    currentPassword: password,
  });
  if (asked.status !== 200) throw new Error(`the change was refused: ${asked.status}`);
  return {
    confirmPath: linkPath(fake, newEmail, 'confirm-email-change'),
    cancelPath: linkPath(fake, email, 'cancel-email-change'),
  };
}
