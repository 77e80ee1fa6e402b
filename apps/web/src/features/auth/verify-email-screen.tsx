/**
 * /verify-email?token= (the OpenAPI document `POST /auth/email/verify`): the link of the
 * verification mail. The token is sent once on arrival (a spinner meanwhile); then either
 * 'email confirmed', 'already confirmed' (409 `already_confirmed`: the link was clicked
 * before) or 'This link is invalid or has expired.' (400, or no token),
 * with a link to the dashboard when signed in, else to sign in.
 */
import { useVerifyEmail } from '@solar/api/react';
import { apiMessages, homePath, ROUTES } from '@solar/domain';
import { ApiError } from '@solar/api';
import { ButtonLink, Spinner } from '@solar/ui';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearch } from 'wouter';
import { useNow } from '../../app/clock.tsx';
import { useSessionLike } from '../../app/session-gate.tsx';
import { AuthPage } from './auth-page.tsx';
import { failureText } from './failure-text.ts';

type Outcome = 'pending' | 'verified' | 'alreadyConfirmed' | 'failed';

export default function VerifyEmailScreen() {
  const intl = useIntl();
  const now = useNow();
  const home = homePath(useSessionLike(), now());
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const verify = useVerifyEmail();
  const [outcome, setOutcome] = useState<Outcome>(token ? 'pending' : 'failed');
  const [failure, setFailure] = useState<string | null>(null);
  const sent = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const { mutateAsync } = verify;

  useEffect(() => {
    // The token is single use: send it once, even when effects run twice (StrictMode).
    if (!token || sent.current) return;
    sent.current = true;
    mutateAsync(token).then(
      () => setOutcome('verified'),
      (error: unknown) => {
        if (error instanceof ApiError && error.code === 'already_confirmed') {
          setOutcome('alreadyConfirmed');
          return;
        }
        setFailure(failureText(intl, error, apiMessages.invalidToken));
        setOutcome('failed');
      },
    );
  }, [token, mutateAsync, intl]);

  useEffect(() => {
    if (outcome !== 'pending') heading.current?.focus();
  }, [outcome]);

  const t = (id: string) => intl.formatMessage({ id });
  const homeLink = (
    <ButtonLink href={home}>
      {t(home === ROUTES.dashboard ? 'verifyEmail.toDashboard' : 'verifyEmail.toSignIn')}
    </ButtonLink>
  );
  return (
    <AuthPage title={t('verifyEmail.title')}>
      {outcome === 'pending' && (
        <div className="flex justify-center py-6">
          <Spinner size="lg" showLabel label={t('verifyEmail.checking')} />
        </div>
      )}
      {(outcome === 'verified' || outcome === 'alreadyConfirmed') && (
        <section aria-labelledby="verify-result" className="flex flex-col gap-3">
          <h2
            id="verify-result"
            ref={heading}
            tabIndex={-1}
            className="text-lg font-semibold outline-none"
          >
            {t(outcome === 'verified' ? 'verifyEmail.doneTitle' : 'verifyEmail.alreadyTitle')}
          </h2>
          <p>{t(outcome === 'verified' ? 'verifyEmail.doneBody' : 'verifyEmail.alreadyBody')}</p>
          {homeLink}
        </section>
      )}
      {outcome === 'failed' && (
        <section aria-labelledby="verify-result" className="flex flex-col gap-3">
          <h2
            id="verify-result"
            ref={heading}
            tabIndex={-1}
            className="text-lg font-semibold outline-none"
          >
            {t('verifyEmail.failedTitle')}
          </h2>
          <p>{failure ?? intl.formatMessage(apiMessages.invalidToken)}</p>
          {homeLink}
        </section>
      )}
    </AuthPage>
  );
}
