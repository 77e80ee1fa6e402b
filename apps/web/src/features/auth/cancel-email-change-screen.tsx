/**
 * /cancel-email-change?token= (`POST /auth/email/change/cancel`): the link mailed to the
 * old address with the notice of an email change (docs/decisions/034-secure-email-change.md).
 * The token is sent once on arrival (a spinner meanwhile); then the change is cancelled
 * (the account keeps its email), the link is invalid, used, expired or the change already
 * confirmed or cancelled (400), or the connection failed ('Try again'). Both outcomes
 * advise a new password when the change was not the owner's: on the profile when signed
 * in, else through forgot-password.
 */
import { useCancelEmailChangeByLink } from '@solar/api/react';
import { apiMessages, isSignedIn, ROUTES } from '@solar/domain';
import { ButtonLink, Spinner } from '@solar/ui';
import { useIntl } from 'react-intl';
import { useSearch } from 'wouter';
import { useNow } from '../../app/clock.tsx';
import { useSessionLike } from '../../app/session-gate.tsx';
import { AuthPage } from './auth-page.tsx';
import { MailedLinkResult, MailedLinkRetry } from './mailed-link-result.tsx';
import { useMailedToken } from './use-mailed-token.ts';

export default function CancelEmailChangeScreen() {
  const intl = useIntl();
  const now = useNow();
  const signedIn = isSignedIn(useSessionLike(), now());
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const { mutateAsync } = useCancelEmailChangeByLink();
  const { outcome, retry } = useMailedToken(token, mutateAsync);
  const t = (id: string) => intl.formatMessage({ id });
  const secure = signedIn ? (
    <ButtonLink href={ROUTES.profile}>{t('emailChange.changePassword')}</ButtonLink>
  ) : (
    <ButtonLink href={ROUTES.forgotPassword}>{t('emailChange.resetPassword')}</ButtonLink>
  );
  return (
    <AuthPage title={t('emailChange.cancelTitle')}>
      {outcome.state === 'pending' && (
        <div className="flex justify-center py-6">
          <Spinner size="lg" showLabel label={t('emailChange.cancelling')} />
        </div>
      )}
      {outcome.state === 'done' && (
        <MailedLinkResult title={t('emailChange.cancelledTitle')}>
          <p>{t('emailChange.cancelledBody')}</p>
          {secure}
        </MailedLinkResult>
      )}
      {outcome.state === 'failed' && outcome.failure !== 'retry' && (
        <MailedLinkResult title={t('emailChange.cancelFailedTitle')}>
          <p>{intl.formatMessage(apiMessages.invalidToken)}</p>
          <p>{t('emailChange.cancelFailedBody')}</p>
          {secure}
        </MailedLinkResult>
      )}
      {outcome.state === 'failed' && outcome.failure === 'retry' && (
        <MailedLinkRetry
          title={t('emailChange.cancelFailedTitle')}
          error={outcome.error}
          onRetry={retry}
        />
      )}
    </AuthPage>
  );
}
