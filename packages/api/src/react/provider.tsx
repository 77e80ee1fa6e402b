/**
 * The part of '@solar/api/react' every page needs, without TanStack Query: the client's
 * provider, the client, the session and sign-out. The data hooks (hooks.tsx) load with the
 * screens that use them, and with them TanStack Query, whose QueryClient is made on first
 * use (issue 10: a page without server data, such as the quick calculator signed out, does
 * not download it).
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  createContext,
  use,
  useCallback,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { ApiClient } from '../client.ts';
import type { SessionSnapshot } from '../session.ts';

/** What the provider shares: the client and the QueryClient (given, or made on first use). */
export interface ApiContextValue {
  client: ApiClient;
  /** The QueryClient the data hooks use; `current` is set by the first of them. */
  queries: { current: QueryClient | undefined };
}

const ApiContext = createContext<ApiContextValue | null>(null);

/**
 * Provides the client to the hooks below it. `queryClient` (tests) is the data hooks'
 * cache; without it they make one on first use, one per provider.
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
  const [own] = useState<{ current: QueryClient | undefined }>(() => ({ current: undefined }));
  const value = useMemo(
    () => ({ client, queries: queryClient ? { current: queryClient } : own }),
    [client, queryClient, own],
  );
  return <ApiContext value={value}>{children}</ApiContext>;
}

/** The provider's value; throws outside an ApiProvider (a programming error). */
export function useApiContext(): ApiContextValue {
  const value = use(ApiContext);
  if (!value) throw new Error('@solar/api/react hooks need an <ApiProvider client={...}>');
  return value;
}

/** The client of the nearest ApiProvider. */
export function useApiClient(): ApiClient {
  return useApiContext().client;
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
  const { client, queries } = useApiContext();
  const [isPending, setPending] = useState(false);
  const signOut = useCallback(
    (onSettled?: () => void) => {
      setPending(true);
      void client.auth
        .signOut()
        .catch(() => undefined)
        .finally(() => {
          // The same prefix as queries.ts `invalidate.everything`, without loading it.
          queries.current?.removeQueries({ queryKey: ['solar'] });
          setPending(false);
          onSettled?.();
        });
    },
    [client, queries],
  );
  return { signOut, isPending };
}
