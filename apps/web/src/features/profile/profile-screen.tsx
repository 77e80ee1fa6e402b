/**
 * /profile (docs/product.md#accounts-and-sessions, #roles-and-permissions and
 * #errors-and-messages): the user's name, email and role badge from `GET /auth/me`. Edit mode
 * changes name and email (domain profile schema, one message per field, cleared on edit); Save
 * sends `PUT /auth/me` (the stored session user follows) and returns to view mode with 'Profile
 * updated successfully'; Cancel restores the saved values. Google-authenticated users see a notice
 * instead of the edit button. A taken email (409) shows on the email field; other failures the
 * server's message or 'Failed to update profile.'.
 *
 * Account safety: a new email asks for the current password (the field appears once the
 * email differs) and waits for the link mailed to the new address, the email staying as it
 * is until then (docs/decisions/034-secure-email-change.md; the waiting change has 'Resend
 * to the new address' and 'Cancel the change'); an unverified email has 'Send the link
 * again' (`POST /auth/email/verify/resend`); 'Change password' asks for the current
 * password and a new one with the sign-up rules (`POST /auth/password/change`; this
 * session stays signed in, the others end).
 */
import { useMe } from '@solar/api/react';
import { Button, Card, Spinner } from '@solar/ui';
import { useIntl } from 'react-intl';
import { SignedInShell } from '../../app/shell.tsx';
import { loadFailure } from '../../app/load-failure.ts';
import { ChangePasswordCard } from './change-password-card.tsx';
import { ProfileCard } from './profile-card.tsx';

/** The profile page: the profile card and, for password accounts, 'Change password'. */
export default function ProfileScreen() {
  const intl = useIntl();
  const me = useMe();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <SignedInShell>
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
        <h1 className="text-2xl font-semibold">{t('profile.title')}</h1>
        {me.isPending && (
          <div className="flex justify-center py-10">
            <Spinner size="lg" label={t('profile.loading')} />
          </div>
        )}
        {me.isError && (
          <Card role="alert">
            <p>{intl.formatMessage(loadFailure(me.error, { id: 'profile.loadFailed' }))}</p>
            <div>
              <Button variant="secondary" onPress={() => void me.refetch()}>
                {t('profile.retry')}
              </Button>
            </div>
          </Card>
        )}
        {me.data && <ProfileCard me={me.data} />}
        {me.data && me.data.authMethod !== 'google' && <ChangePasswordCard />}
      </div>
    </SignedInShell>
  );
}
