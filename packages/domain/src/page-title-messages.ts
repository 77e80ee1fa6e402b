/**
 * The page names of the browser tab (adds the project pages):
 * react-intl message descriptors in the style of messages.ts, English `defaultMessage`,
 * ids `pageTitle.*`. Re-exported by messages.ts (and part of its `allMessages`).
 */
import type { MessageDescriptor } from './messages.ts';

/** Builds `pageTitle.<key>` descriptors from English texts. */
function pageTitles<const T extends Record<string, string>>(
  texts: T,
): { readonly [K in keyof T]: MessageDescriptor } {
  const entries = Object.entries(texts).map(([key, text]) => [
    key,
    { id: `pageTitle.${key}`, defaultMessage: text },
  ]);
  return Object.fromEntries(entries) as { readonly [K in keyof T]: MessageDescriptor };
}

/**
 * The page name of each screen in the browser tab: "{page} · Solar"
 * (`app.documentTitle` in the web app). Keyed by `RouteId` (routes.ts `pageTitle`).
 */
export const pageTitleMessages = pageTitles({
  signIn: 'Sign in',
  signUp: 'Create account',
  forgotPassword: 'Forgot password',
  resetPassword: 'Reset password',
  verifyEmail: 'Confirm email',
  signInCallback: 'Signing in',
  confirmEmailChange: 'Confirm new email',
  cancelEmailChange: 'Cancel email change',
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  dashboard: 'Dashboard',
  profile: 'Profile',
  quickCalculator: 'Quick calculator',
  fullCalculator: 'Solar assessment',
  chat: 'Chat',
  users: 'Users',
  userCreate: 'Create user',
  userView: 'User',
  userEdit: 'Edit user',
  projects: 'Projects',
  project: 'Project',
  proposal: 'Proposal',
  auditLog: 'Audit log',
  notFound: 'Page not found',
});
