/**
 * The part of '@solar/api/react' every page needs: the provider (the client, and TanStack
 * Query's QueryClientProvider), the client, the session and sign-out. The data hooks
 * (hooks.tsx) load with the screens that use them.
 */
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  use,
  useCallback,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { ApiClient } from '../client.ts';
import type { SessionSnapshot } from '../session.ts';

const ApiContext = createContext<ApiClient | null>(null);

/** The QueryClient an ApiProvider makes when none is given: queries retry once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: 1 } } });
}

/**
 * Provides the client to the hooks below it, and TanStack Query's QueryClientProvider with
 * `queryClient` (tests pass their own) or one made for this provider. Cached answers are
 * dropped when the session's account changes or signs out. The account (`GET /auth/me`)
 * is asked again when the window regains focus and after any 403 answer, so a role taken
 * away leaves the menus without a reload.
 */
export function ApiProvider({
  client,
  queryClient,
  children,
}: {
  client: ApiClient;
  queryClient?: QueryClient;
  children: ReactNode;
}) {
  const [own] = useState(() => queryClient ?? createQueryClient());
  const queries = queryClient ?? own;
  // Answers belong to the account that fetched them: when the signed-in account changes or
  // signs out (in this tab or another: docs/decisions/035), they are dropped, so no screen
  // shows one account's data to the next.
  useEffect(() => {
    let shown = client.session.getSnapshot().user?.id ?? null;
    return client.session.subscribe(() => {
      const now = client.session.getSnapshot().user?.id ?? null;
      // Signed out: the screens are leaving, drop it all. Another account: what screens
      // still watch is reset and asked again for that account (a removed query they watch
      // would stay pending).
      if (shown !== null && now === null) queries.removeQueries({ queryKey: ['solar'] });
      else if (shown !== null && now !== shown) void queries.resetQueries({ queryKey: ['solar'] });
      shown = now;
    });
  }, [client, queries]);
  useEffect(() => {
    // The key of queries.ts `queryKeys.me`, without loading that module. Joins a read
    // already under way.
    const me = ['solar', 'me'];
    // A 403: the role the session holds may be out of date.
    const stop = client.onForbidden(
      () => void queries.invalidateQueries({ queryKey: me }, { cancelRefetch: false }),
    );
    // Back from another window. (A tab shown again is TanStack Query's own focus,
    // `visibilitychange`, which refetches every stale query, the account among them. The
    // window's `focus` also fires for dialogs and frames, so it refreshes a known account
    // only: a failed read keeps its error and retry button until the user retries;
    // docs/decisions/035-one-session-across-tabs.md.)
    const onFocus = () =>
      void queries.invalidateQueries(
        { queryKey: me, predicate: (query) => query.state.status === 'success' },
        { cancelRefetch: false },
      );
    const target = typeof window === 'undefined' ? undefined : window;
    target?.addEventListener('focus', onFocus);
    return () => {
      stop();
      target?.removeEventListener('focus', onFocus);
    };
  }, [client, queries]);
  return (
    <ApiContext value={client}>
      <QueryClientProvider client={queries}>{children}</QueryClientProvider>
    </ApiContext>
  );
}

/** The client of the nearest ApiProvider. */
export function useApiClient(): ApiClient {
  const client = use(ApiContext);
  if (!client) throw new Error('@solar/api/react hooks need an <ApiProvider client={...}>');
  return client;
}

/** The session (user and tokens), re-rendering on sign-in, refresh and sign-out. */
export function useSession(): SessionSnapshot {
  const { session } = useApiClient();
  return useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
}

/**
 * Sign-out: revokes the refresh token (`POST /auth/signout`), clears the session (the client
 * does, whatever the server answers) and drops every cached answer of the user.
 * `signOut(onSettled?)` starts it; `isPending` is true until it settles.
 */
export function useSignOut(): { signOut: (onSettled?: () => void) => void; isPending: boolean } {
  const client = useApiClient();
  const queries = useQueryClient();
  const [isPending, setPending] = useState(false);
  const signOut = useCallback(
    (onSettled?: () => void) => {
      setPending(true);
      void client.auth
        .signOut()
        .catch(() => undefined)
        .finally(() => {
          // The same prefix as queries.ts `invalidate.everything`, without loading it.
          queries.removeQueries({ queryKey: ['solar'] });
          setPending(false);
          onSettled?.();
        });
    },
    [client, queries],
  );
  return { signOut, isPending };
}
