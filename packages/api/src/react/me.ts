/**
 * `useMe`: `GET /auth/me` as a query (docs/product.md#roles-and-permissions), on its own so a
 * screen shell can follow the signed-in account without loading the whole hooks module.
 */
import { useQuery } from '@tanstack/react-query';
import { useApiClient, useSession } from './provider.tsx';
import { meQuery } from './queries.ts';

/** The signed-in account as the server knows it; refetched when the window regains focus. */
export const useMe = () => useQuery(meQuery(useApiClient()));

/**
 * Whether the role the session holds has been checked with the server in this page: true
 * once `GET /auth/me` has answered (or failed) for the signed-in user, and when signed out.
 * Screens and queries gated by a role wait for it, so a role changed since the session
 * stored it is never used to call the server (docs/product.md, "Accounts and sessions").
 */
export function useAccountChecked(): boolean {
  const client = useApiClient();
  const { user } = useSession();
  const me = useQuery({ ...meQuery(client), enabled: user !== null });
  return user === null || me.isSuccess || me.isError;
}
