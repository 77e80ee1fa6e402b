/**
 * Session start-up and route guard (docs/product.md#accounts-and-sessions).
 *
 * Start-up: when the stored access token has expired but a refresh token is stored, one
 * refresh runs first (a spinner shows meanwhile); then the domain's start-up rule applies
 * (a user whose token is still expired is cleared; a user without role takes the token's
 * role, lowercased). See docs/decisions/011-session-start-up.md.
 *
 * Guard: every location goes through the domain's `canOpenRoute`; a redirect to /signin
 * remembers the origin in `?from=`. A screen gated by a permission waits (spinner) until
 * `GET /auth/me` has answered in this page, so the role it checks is the server's, not one
 * kept in the browser since (docs/product.md, "Accounts and sessions").
 */
import {
  afterSignInPath,
  canOpenRoute,
  isTokenExpired,
  matchRoute,
  readTokenClaims,
  type SessionLike,
} from '@solar/domain';
import { useApiClient, useSession } from '@solar/api/react/provider';
import { Spinner } from '@solar/ui';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useNow } from './clock.tsx';
import { retryableLazy } from './retryable-lazy.tsx';

/**
 * Loaded for permission-gated routes only (see account-check.tsx); when its code cannot be
 * fetched, the screen's error boundary shows why and "Try again" loads it again.
 */
const AccountCheck = retryableLazy(() => import('./account-check.tsx'));

/** The permission view of the stored session: role and access-token expiry (epoch s). */
export function useSessionLike(): SessionLike | null {
  const { user, accessToken } = useSession();
  if (!user || !accessToken) return null;
  return { role: user.role, expiresAt: readTokenClaims(accessToken)?.exp ?? null };
}

export function FullPageSpinner() {
  const intl = useIntl();
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner size="lg" label={intl.formatMessage({ id: 'app.loading' })} />
    </div>
  );
}

/** Resolves the stored session once, then renders the app. */
export function SessionStartup({ children }: { children: ReactNode }) {
  const client = useApiClient();
  const now = useNow();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelled = false;
    async function start() {
      const { accessToken, refreshToken, user } = client.session.getSnapshot();
      if (user && accessToken && refreshToken && isTokenExpired(accessToken, now())) {
        // A network failure keeps the stored session; any refusal signs out (api client).
        await client.getAccessToken().catch(() => undefined);
      }
      client.session.restore(now());
      if (!cancelled) setReady(true);
    }
    void start();
    return () => {
      cancelled = true;
    };
  }, [client, now]);
  return ready ? children : <FullPageSpinner />;
}

/**
 * Keeps a signed-in user whose access token expired during the visit signed in: the
 * token is refreshed (spinner meanwhile) instead of treating them as signed out.
 */
function useFreshToken(): boolean {
  const client = useApiClient();
  const now = useNow();
  const { user, accessToken, refreshToken } = useSession();
  const stale = Boolean(user && accessToken && refreshToken && isTokenExpired(accessToken, now()));
  useEffect(() => {
    if (stale) void client.getAccessToken().catch(() => undefined);
  }, [client, stale]);
  return !stale;
}

/** Renders children when the session may open the current location, else redirects. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const search = useSearch();
  const session = useSessionLike();
  const now = useNow();
  const fresh = useFreshToken();
  if (!fresh) return <FullPageSpinner />;
  const decided = decide(location, search, session, now());
  if (session && matchRoute(location).access.kind === 'permission') {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <AccountCheck fallback={<FullPageSpinner />}>{decided ?? children}</AccountCheck>
      </Suspense>
    );
  }
  return decided ?? children;
}

/** The route check's outcome: a redirect, or null to render the route. */
function decide(
  location: string,
  search: string,
  session: ReturnType<typeof useSessionLike>,
  nowMs: number,
): ReactNode {
  const full = search ? `${location}?${search}` : location;
  const decision = canOpenRoute(session, full, nowMs);
  if (decision.kind === 'allow') return null;
  // A signed-in visitor of a signed-out page (e.g. /signin?from=/chat) goes where `from` says.
  const from = new URLSearchParams(search).get('from');
  if (session && from && matchRoute(location).access.kind === 'signedOut') {
    const target = afterSignInPath(from);
    return <Redirect key={target} to={target} replace />;
  }
  const to = decision.from
    ? `${decision.to}?from=${encodeURIComponent(decision.from)}`
    : decision.to;
  // Keyed by target: wouter's Redirect navigates on mount only, so a guard that goes from
  // one redirect to another must mount a new one.
  return <Redirect key={to} to={to} replace />;
}
