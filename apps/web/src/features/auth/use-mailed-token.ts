/**
 * Sending a mailed link's token once (the email change's confirm and cancel pages): the
 * call goes out when the page opens, once even when effects run twice (StrictMode); the
 * outcome is `pending`, `done` with the answer, or `failed` with its kind: `invalid` (400
 * `invalid_token`: unknown, used, expired or cancelled), `taken` (409 `email_taken`), or
 * `retry` (the connection or the server failed: the token is unspent, so sending it again
 * may succeed, as after 429). A page without a token is `invalid` at once.
 */
import { ApiError } from '@solar/api';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Why a mailed link did not work. */
export type MailedTokenFailure = 'invalid' | 'taken' | 'retry';

/** Where sending the token stands. */
export type MailedTokenOutcome<T> =
  | { readonly state: 'pending' }
  | { readonly state: 'done'; readonly value: T }
  | { readonly state: 'failed'; readonly failure: MailedTokenFailure; readonly error: unknown };

/** The kind of a failed call: invalid, taken, or worth a retry. */
export function mailedTokenFailure(error: unknown): MailedTokenFailure {
  if (!(error instanceof ApiError)) return 'retry';
  if (error.code === 'email_taken') return 'taken';
  if (error.code === 'invalid_token' || error.code === 'validation_failed') return 'invalid';
  return 'retry';
}

/**
 * Sends `token` with `send` (a stable function, e.g. a mutation's `mutateAsync`) once;
 * `retry` sends it again after a `retry` failure.
 */
export function useMailedToken<T>(
  token: string,
  send: (token: string) => Promise<T>,
): { outcome: MailedTokenOutcome<T>; retry: () => void } {
  const [outcome, setOutcome] = useState<MailedTokenOutcome<T>>(
    token ? { state: 'pending' } : { state: 'failed', failure: 'invalid', error: undefined },
  );
  const sent = useRef(false);

  const go = useCallback(() => {
    setOutcome({ state: 'pending' });
    send(token).then(
      (value) => setOutcome({ state: 'done', value }),
      (error: unknown) =>
        setOutcome({ state: 'failed', failure: mailedTokenFailure(error), error }),
    );
  }, [token, send]);

  useEffect(() => {
    // The token is single use: send it once, even when effects run twice (StrictMode).
    if (!token || sent.current) return;
    sent.current = true;
    go();
  }, [token, go]);

  return { outcome, retry: go };
}
