/**
 * The signed-in user's language choice kept on their account (docs/product.md#mail): each
 * language chosen in a selector (the user menu, the public pages' selector) while signed in
 * is sent with `PUT /auth/me/locale`, so every later mail (and mail still waiting) is in
 * that language. Nothing is sent while signed out (sign-up sends the language itself). A
 * failure leaves the interface in the new language and says the mail stays in the old one.
 */
import { toApiError } from '@solar/api';
import { useApiClient } from '@solar/api/react/provider';
import { useEffect } from 'react';
import { useLocale } from './intl.tsx';
import { useNotify } from './notices.tsx';

/** Sends each language the signed-in user chooses to their account; renders nothing. */
export function AccountLocaleSync() {
  const api = useApiClient();
  const notify = useNotify();
  const { onChoice } = useLocale();
  useEffect(
    () =>
      onChoice((locale) => {
        if (!api.session.getSnapshot().user) return;
        api.profile.setLocale(locale).catch((error: unknown) => {
          // Signed out meanwhile, or refused (403 raises its own notice): nothing to add.
          const { status } = toApiError(error);
          if (status === 401 || status === 403) return;
          // Descriptors, read when shown: in the language just chosen.
          notify({
            kind: 'error',
            title: {
              id: 'language.accountFailed',
              defaultMessage: 'Your mail language was not saved',
            },
            message: {
              id: 'language.accountFailedHint',
              defaultMessage:
                'Mail stays in the previous language. Choose the language again to retry.',
            },
          });
        });
      }),
    [api, notify, onChoice],
  );
  return null;
}
