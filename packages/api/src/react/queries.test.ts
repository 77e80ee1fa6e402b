/**
 * The query options and invalidation of the React hooks, in Node with a QueryClient and
 * the MSW fake: de-duplication of concurrent reads, caching, conversation pages and
 * refetch after mutations.
 */
import { QueryClient } from '@tanstack/react-query';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../client.ts';
import { createMockApi } from '../mock/handlers.ts';
import { memoryStorage } from '../session.ts';
import {
  adminUserListQuery,
  configQuery,
  conversationsQuery,
  invalidate,
  queryKeys,
} from './queries.ts';

const baseUrl = 'http://query.test/api/v1';
const mock = createMockApi({ baseUrl, scenario: { tokenDelayMs: 0 } });
const server = setupServer(...mock.list);
const requests: string[] = [];
server.events.on('request:start', ({ request }) => {
  requests.push(`${request.method} ${new URL(request.url).pathname}`);
});

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

describe('react query options', () => {
  it('concurrent reads of one key make one request, and a cached one none', async () => {
    const api = createApiClient({ baseUrl, storage: memoryStorage() });
    const queryClient = new QueryClient();
    requests.length = 0;
    await Promise.all([1, 2, 3].map(() => queryClient.fetchQuery(configQuery(api))));
    await queryClient.fetchQuery(configQuery(api));
    expect(requests.filter((r) => r === 'GET /api/v1/config')).toHaveLength(1);
  });

  it('a client made with the configuration the page was served with never asks for it', async () => {
    const served = await createApiClient({ baseUrl, storage: memoryStorage() }).config.get();
    const initialConfig = { ...served, business: { ...served.business, name: 'Served' } };
    const api = createApiClient({ baseUrl, storage: memoryStorage(), initialConfig });
    const queryClient = new QueryClient();
    requests.length = 0;
    expect(await queryClient.fetchQuery(configQuery(api))).toEqual(initialConfig);
    // Dropped (a sign-out removes every cached answer): read again from the page's copy.
    queryClient.removeQueries({ queryKey: queryKeys.config() });
    expect(await queryClient.fetchQuery(configQuery(api))).toEqual(initialConfig);
    expect(requests).toEqual([]);
  });

  it('creating a user invalidates every user list page', async () => {
    const api = createApiClient({ baseUrl, storage: memoryStorage() });
    await api.auth.signIn({ email: 'admin@solar.local', password: 'Admin123!' });
    const queryClient = new QueryClient();
    const before = await queryClient.fetchQuery(adminUserListQuery(api, { pageSize: 100 }));
    await api.adminUsers.create({
      name: 'Fresh',
      email: 'fresh@example.com',
      password: 'secret1',
      userType: 4,
      emailConfirmed: false,
    });
    await invalidate.adminUsers(queryClient);
    expect(
      queryClient.getQueryState(queryKeys.adminUserList({ pageSize: 100 }))?.isInvalidated,
    ).toBe(true);
    const after = await queryClient.fetchQuery(adminUserListQuery(api, { pageSize: 100 }));
    expect(after.totalCount).toBe(before.totalCount + 1);
  });

  it('conversations load more page by page until the last', async () => {
    const api = createApiClient({ baseUrl, storage: memoryStorage() });
    await api.auth.signUp({
      name: 'Pager',
      email: 'pager@example.com',
      password: 'Password1',
      confirmPassword: 'Password1',
    });
    for (const message of ['one', 'two', 'three']) {
      for await (const chunk of api.chat.stream({ message, conversationId: null })) void chunk;
    }
    const queryClient = new QueryClient();
    const options = conversationsQuery(api, 2);
    const first = await queryClient.fetchInfiniteQuery(options);
    expect(first.pages[0]!.conversations).toHaveLength(2);
    expect(options.getNextPageParam(first.pages[0]!, first.pages, 1, [1])).toBe(2);
    const second = await api.chat.conversations({ page: 2, pageSize: 2 });
    expect(options.getNextPageParam(second, [...first.pages, second], 2, [1, 2])).toBeUndefined();
  });
});
