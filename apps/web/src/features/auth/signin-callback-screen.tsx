/**
 * /signin/callback (docs/product.md#accounts-and-sessions): where the OpenID provider sends
 * the browser back. A spinner "Signing you in with {provider}…" while the server finishes
 * the sign-in, then the remembered page; or what went wrong (cancelled at the provider,
 * provider unreachable, refused, expired, not started in this tab, unverified email, email
 * linked to another identity) with "Try again" and a way back to the email form. State:
 * use-signin-callback.ts.
 */
import { ROUTES } from '@solar/domain';
import { Button, ButtonLink, Spinner } from '@solar/ui';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { AuthPage, FormAlert } from './auth-page.tsx';
import { useSignInCallback } from './use-signin-callback.ts';

export default function SignInCallbackScreen() {
  const intl = useIntl();
  const { outcome, provider, retry, retrying } = useSignInCallback();
  const heading = useRef<HTMLHeadingElement>(null);
  const failed = outcome.status === 'failed';
  const name = provider ?? intl.formatMessage({ id: 'external.anyProvider' });
  const t = (id: string) => intl.formatMessage({ id }, { provider: name });

  useEffect(() => {
    if (failed) heading.current?.focus();
  }, [failed]);

  return (
    <AuthPage title={t('externalCallback.title')}>
      {outcome.status === 'working' && (
        <div className="flex justify-center py-6">
          <Spinner size="lg" showLabel label={t('externalCallback.working')} />
        </div>
      )}
      {outcome.status === 'failed' && (
        <section aria-labelledby="external-callback-result" className="flex flex-col gap-4">
          <h2
            id="external-callback-result"
            ref={heading}
            tabIndex={-1}
            className="text-lg font-semibold outline-none"
          >
            {t('externalCallback.failedTitle')}
          </h2>
          <FormAlert>{outcome.message}</FormAlert>
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            {provider && (
              <Button isPending={retrying} onPress={() => void retry()}>
                {t('externalCallback.tryAgain')}
              </Button>
            )}
            <ButtonLink
              variant="secondary"
              href={outcome.mode === 'signUp' ? ROUTES.signUp : ROUTES.signIn}
            >
              {t(
                outcome.mode === 'signUp'
                  ? 'externalCallback.toSignUp'
                  : 'externalCallback.toSignIn',
              )}
            </ButtonLink>
          </div>
        </section>
      )}
    </AuthPage>
  );
}
