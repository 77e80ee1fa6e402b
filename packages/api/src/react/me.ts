/**
 * `useMe`: `GET /auth/me` as a query (docs/product.md#roles-and-permissions), on its own so a
 * screen shell can follow the signed-in account without loading the whole hooks module.
 */
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from './provider.tsx';
import { meQuery } from './queries.ts';

/** The signed-in account as the server knows it; refetched when the window regains focus. */
export const useMe = () => useQuery(meQuery(useApiClient()));
