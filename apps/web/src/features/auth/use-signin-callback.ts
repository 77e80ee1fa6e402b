/**
 * The state of /signin/callback (docs/decisions/030-external-identity-linking.md): reads
 * what the provider put on the URL once, takes the attempt this tab started for its
 * `state`, finishes the sign-in with `POST /auth/google/signin` and leaves for the
 * remembered page (`?from=` of /signin or /signup, else the dashboard), replacing the
 * callback in the history. Each failure is told apart (external-sign-in.ts); "try again"
 * starts a new attempt with the same destination.
 */
import { useGoogleSignIn } from '@solar/api/react';
import { afterSignInPath } from '@solar/domain';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useLocale } from '../../app/intl.tsx';
import {
  apiFailure,
  callbackUri,
  providerFailure,
  readCallback,
  takeAttempt,
  type ExternalSignInAttempt,
} from './external-sign-in.ts';
import { useExternalSignIn, type ExternalSignInFailure } from './use-external-sign-in.ts';

/** The screen's state: signing in, or failed with the text to show. */
export type CallbackOutcome =
  | { status: 'working' }
  | { status: 'failed'; message: string; mode: ExternalSignInAttempt['mode'] };

/** The hook's own state: the failure, told in words on each render (the name may arrive). */
type Outcome =
  | { status: 'working' }
  | ({ status: 'failed'; mode: ExternalSignInAttempt['mode'] } & ExternalSignInFailure);

/** Finishes the external sign-in of the current URL (see the file comment). */
export function useSignInCallback(): {
  outcome: CallbackOutcome;
  /** The provider's name (null while `/config` loads). */
  provider: string | null;
  /** Starts a new attempt (the browser leaves for the provider). */
  retry(): Promise<void>;
  retrying: boolean;
} {
  const [, navigate] = useLocation();
  const search = useSearch();
  const { locale } = useLocale();
  const { provider, ready, pending, start, describe } = useExternalSignIn();
  const { mutateAsync } = useGoogleSignIn();
  const [outcome, setOutcome] = useState<Outcome>({ status: 'working' });
  const attempt = useRef<Omit<ExternalSignInAttempt, 'state'>>({ mode: 'signIn', from: null });
  const started = useRef(false);

  useEffect(() => {
    // The code is single use: finish once, even when effects run twice (StrictMode).
    if (started.current) return;
    started.current = true;
    const params = readCallback(search);
    const taken = takeAttempt(window.sessionStorage, params.kind === 'empty' ? null : params.state);
    if (taken) attempt.current = { mode: taken.mode, from: taken.from };
    const fail = (failure: ExternalSignInFailure) =>
      setOutcome({ status: 'failed', mode: attempt.current.mode, ...failure });
    if (params.kind === 'error') {
      fail({ failure: providerFailure(params.error) });
      return;
    }
    if (params.kind === 'empty' || !taken) {
      fail({ failure: 'notStarted' });
      return;
    }
    mutateAsync({
      code: params.code,
      state: taken.state,
      redirectUri: callbackUri(window.location.origin),
      // A new account's mail speaks the interface's language (docs/product.md#mail).
      locale,
      ...(params.iss === undefined ? {} : { iss: params.iss }),
    }).then(
      () => {
        navigate(afterSignInPath(taken.from), { replace: true });
      },
      (error: unknown) => fail({ failure: apiFailure(error), error }),
    );
  }, [search, mutateAsync, navigate, locale]);

  async function retry() {
    const failure = await start(attempt.current);
    if (failure) setOutcome({ status: 'failed', mode: attempt.current.mode, ...failure });
  }

  return {
    // A failure is told once the provider's name is known (no flash of a generic text).
    outcome:
      outcome.status === 'failed' && ready
        ? { status: 'failed', mode: outcome.mode, message: describe(outcome) }
        : { status: 'working' },
    provider: provider?.name ?? null,
    retry,
    retrying: pending,
  };
}
