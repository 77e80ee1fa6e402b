/**
 * Starting an external sign-in (docs/decisions/030-external-identity-linking.md): asks the
 * server for the provider's authorization URL (`POST /auth/google/start` with this app's
 * /signin/callback), remembers the attempt in the tab and goes to the provider. Also the
 * texts of every way an external sign-in can fail, in the interface language.
 */
import { useConfig, useStartExternalSignIn } from '@solar/api/react';
import { authMessages } from '@solar/domain';
import type { OidcProviderInfo } from '@solar/domain/contract';
import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import {
  apiFailure,
  callbackUri,
  providerNavigation,
  rememberAttempt,
  type ExternalFailure,
  type ExternalSignInAttempt,
} from './external-sign-in.ts';
import { failureText } from './failure-text.ts';

/** The message id of each failure told by its own text (`other` uses the shared one). */
const FAILURE_MESSAGES: Record<Exclude<ExternalFailure, 'other'>, string> = {
  cancelled: 'externalCallback.cancelled',
  providerError: 'externalCallback.providerError',
  notStarted: 'externalCallback.notStarted',
  expired: 'externalCallback.expired',
  unverified: 'externalCallback.unverified',
  conflict: 'externalCallback.conflict',
  unreachable: 'externalCallback.unreachable',
  rejected: 'externalCallback.rejected',
};

/**
 * The text of `failure` for `provider` (its name; null: "your sign-in provider"); for
 * `other`, the shared text of `error` (offline, rate limited, inactive account...).
 */
export function externalFailureText(
  intl: IntlShape,
  failure: ExternalFailure,
  provider: string | null,
  error?: unknown,
): string {
  if (failure === 'other') {
    return failureText(intl, error, authMessages.externalSignInFailed, {
      service_unavailable: authMessages.externalSignInOff,
    });
  }
  const name = provider ?? intl.formatMessage({ id: 'external.anyProvider' });
  return intl.formatMessage({ id: FAILURE_MESSAGES[failure] }, { provider: name });
}

/** Why a start or a callback failed: the kind, and the error for `other`. */
export interface ExternalSignInFailure {
  failure: ExternalFailure;
  error?: unknown;
}

/** The configured provider (null while loading or when off) and the start of a sign-in. */
export function useExternalSignIn(): {
  provider: OidcProviderInfo | null;
  /** False until `GET /config` has answered (or failed): the provider's name is not known. */
  ready: boolean;
  /** True from the press until the page leaves for the provider (or a failure). */
  pending: boolean;
  /** Starts; resolves to the failure, or null when the browser is leaving. */
  start(attempt: Omit<ExternalSignInAttempt, 'state'>): Promise<ExternalSignInFailure | null>;
  /** The text of a failure, with the provider's name as `/config` reports it now. */
  describe(failure: ExternalSignInFailure): string;
} {
  const intl = useIntl();
  const config = useConfig();
  const provider = config.data?.oidcProvider ?? null;
  const { mutateAsync } = useStartExternalSignIn();
  const [pending, setPending] = useState(false);

  async function start(attempt: Omit<ExternalSignInAttempt, 'state'>) {
    setPending(true);
    try {
      const started = await mutateAsync({ redirectUri: callbackUri(window.location.origin) });
      rememberAttempt(window.sessionStorage, { ...attempt, state: started.state });
      providerNavigation.go(started.authorizationUrl);
      return null;
    } catch (error) {
      setPending(false);
      return { failure: apiFailure(error), error };
    }
  }

  const describe = ({ failure, error }: ExternalSignInFailure) =>
    externalFailureText(intl, failure, provider?.name ?? null, error);

  return { provider, ready: !config.isPending, pending, start, describe };
}
