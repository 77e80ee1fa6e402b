/**
 * /confirm-email-change?token= (`POST /auth/email/change/confirm`): the link mailed to a
 * new address (docs/decisions/034-secure-email-change.md). The token is sent once on
 * arrival (a spinner meanwhile); then the new address is the account's ('Your new email
 * is confirmed', naming it), another account took the address meanwhile (409: the email
 * stays as it was), the link is invalid, used, expired or cancelled (400), or the
 * connection failed ('Try again' sends the unspent token again). Links to the profile when
 * signed in, else to sign in.
 */
import { useConfirmEmailChange } from '@solar/api/react';
import { apiMessages, isSignedIn, ROUTES } from '@solar/domain';
import { ButtonLink, Spinner } from '@solar/ui';
import { useIntl } from 'react-intl';
import { useSearch } from 'wouter';
import { useNow } from '../../app/clock.tsx';
import { useSessionLike } from '../../app/session-gate.tsx';
import { AuthPage } from './auth-page.tsx';
import { MailedLinkResult, MailedLinkRetry } from './mailed-link-result.tsx';
import { useMailedToken } from './use-mailed-token.ts';

export default function ConfirmEmailChangeScreen() {
  const intl = useIntl();
  const now = useNow();
  const signedIn = isSignedIn(useSessionLike(), now());
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const { mutateAsync } = useConfirmEmailChange();
  const { outcome, retry } = useMailedToken(token, mutateAsync);
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const next = signedIn ? (
    <ButtonLink href={ROUTES.profile}>{t('emailChange.toProfile')}</ButtonLink>
  ) : (
    <ButtonLink href={ROUTES.signIn}>{t('emailChange.toSignIn')}</ButtonLink>
  );
  return (
    <AuthPage title={t('emailChange.confirmTitle')}>
      {outcome.state === 'pending' && (
        <div className="flex justify-center py-6">
          <Spinner size="lg" showLabel label={t('emailChange.confirming')} />
        </div>
      )}
      {outcome.state === 'done' && (
        <MailedLinkResult title={t('emailChange.confirmedTitle')}>
          <p>
            {intl.formatMessage(
              { id: 'emailChange.confirmedBody' },
              { email: <strong className="break-words">{outcome.value.email}</strong> },
            )}
          </p>
          {next}
        </MailedLinkResult>
      )}
      {outcome.state === 'failed' && outcome.failure === 'taken' && (
        <MailedLinkResult title={t('emailChange.takenTitle')}>
          <p>{t('emailChange.takenBody')}</p>
          {next}
        </MailedLinkResult>
      )}
      {outcome.state === 'failed' && outcome.failure === 'invalid' && (
        <MailedLinkResult title={t('emailChange.confirmFailedTitle')}>
          <p>{intl.formatMessage(apiMessages.invalidToken)}</p>
          <p>{t('emailChange.confirmFailedBody')}</p>
          {next}
        </MailedLinkResult>
      )}
      {outcome.state === 'failed' && outcome.failure === 'retry' && (
        <MailedLinkRetry
          title={t('emailChange.confirmFailedTitle')}
          error={outcome.error}
          onRetry={retry}
        />
      )}
    </AuthPage>
  );
}
