/**
 * TanStack Query options for every read of the client, and the invalidation after each
 * mutation: one place for query keys, so caching and de-duplication are shared by all
 * screens. Framework-free (no React), so they are tested in Node with a QueryClient.
 */
import type { ProductionQuery, UserListResponse } from '@solar/domain/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  type QueryClient,
} from '@tanstack/react-query';
import type { ApiClient } from '../client.ts';
import type { AdminUserListParams } from '../resources/admin-users.ts';
import type { ProjectPipelineParams } from '../resources/projects.ts';

/** Query keys: `['solar', resource, ...]`. Invalidate a prefix to refresh a whole resource. */
export const queryKeys = {
  all: ['solar'] as const,
  config: () => ['solar', 'config'] as const,
  me: () => ['solar', 'me'] as const,
  adminUsers: () => ['solar', 'adminUsers'] as const,
  adminUserList: (params: AdminUserListParams) => ['solar', 'adminUsers', 'list', params] as const,
  adminUser: (id: string) => ['solar', 'adminUsers', 'detail', id] as const,
  failedJobs: () => ['solar', 'jobs', 'failed'] as const,
  conversations: () => ['solar', 'chat', 'conversations'] as const,
  conversation: (id: string) => ['solar', 'chat', 'history', id] as const,
  portfolio: () => ['solar', 'chat', 'portfolio'] as const,
  projects: (scope: 'own' | 'all' = 'own') => ['solar', 'projects', scope] as const,
  project: (id: string) => ['solar', 'projects', 'detail', id] as const,
  pipelineList: (params: ProjectPipelineParams) =>
    ['solar', 'projects', 'pipeline', 'list', params] as const,
  pipeline: (id: string) => ['solar', 'projects', 'pipeline', 'detail', id] as const,
  staff: () => ['solar', 'staff'] as const,
  photo: (projectId: string, photoId: string) =>
    ['solar', 'projects', 'photo', projectId, photoId] as const,
  production: (query: ProductionQuery) => ['solar', 'calculator', 'production', query] as const,
  geoSuggest: (term: string, locale: string) => ['solar', 'geo', 'suggest', term, locale] as const,
  geoSearch: (text: string, locale: string) => ['solar', 'geo', 'search', text, locale] as const,
};

/**
 * `GET /config`: fetched once per session, or never when the page was served with it
 * (`api.config.initial`, the query's initial data).
 */
export const configQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: queryKeys.config(),
    queryFn: () => api.config.get(),
    initialData: () => api.config.initial,
    staleTime: Infinity,
  });

/** `GET /auth/me`. */
export const meQuery = (api: ApiClient) =>
  queryOptions({ queryKey: queryKeys.me(), queryFn: () => api.profile.get() });

/** `GET /admin/users` page; the previous page stays shown while the next loads (spec: loading overlay). */
export const adminUserListQuery = (api: ApiClient, params: AdminUserListParams) =>
  queryOptions({
    queryKey: queryKeys.adminUserList(params),
    queryFn: (): Promise<UserListResponse> => api.adminUsers.list(params),
    placeholderData: keepPreviousData,
  });

/** `GET /admin/users/{id}`. */
export const adminUserQuery = (api: ApiClient, id: string) =>
  queryOptions({ queryKey: queryKeys.adminUser(id), queryFn: () => api.adminUsers.get(id) });

/**
 * `GET /admin/jobs?state=failed`: the mails and CRM updates that were given up (admins).
 * A minute fresh; a refusal (403) is not retried.
 */
export const failedJobsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: queryKeys.failedJobs(),
    queryFn: () => api.jobs.failed(),
    staleTime: 60_000,
    retry: (count, error) => count < 1 && (error as { status?: number }).status !== 403,
  });

/** `GET /chat/conversations` pages of 20 for 'load more' (docs/product.md#ai-chat). */
export const conversationsQuery = (api: ApiClient, pageSize = 20) =>
  infiniteQueryOptions({
    queryKey: queryKeys.conversations(),
    queryFn: ({ pageParam }) => api.chat.conversations({ page: pageParam, pageSize }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
  });

/** `GET /chat/history/{id}`; a 404 is not retried (the screen starts a new conversation). */
export const conversationQuery = (api: ApiClient, id: string) =>
  queryOptions({
    queryKey: queryKeys.conversation(id),
    queryFn: () => api.chat.history(id),
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });

/** `GET /chat/portfolio`. */
export const portfolioQuery = (api: ApiClient) =>
  queryOptions({ queryKey: queryKeys.portfolio(), queryFn: () => api.chat.portfolio() });

/** `GET /projects`; a 429 is not retried at once (its Retry-After says when). */
export const projectsQuery = (api: ApiClient, scope: 'own' | 'all' = 'own') =>
  queryOptions({
    queryKey: queryKeys.projects(scope),
    queryFn: () => api.projects.list({ scope }),
    retry: (count, error) => (error as { status?: number }).status !== 429 && count < 1,
  });

/** A refusal (4xx) is final; anything else (network, 5xx) is tried once more. */
const retryServerFailures = (count: number, error: Error): boolean => {
  const status = (error as { status?: number }).status ?? 0;
  return count < 1 && !(status >= 400 && status < 500);
};

/** `GET /projects/{id}`; a 404 (unknown or not visible) is not retried. */
export const projectQuery = (api: ApiClient, id: string) =>
  queryOptions({
    queryKey: queryKeys.project(id),
    queryFn: () => api.projects.get(id),
    retry: retryServerFailures,
  });

/** `GET /projects/pipeline` page; the previous page stays shown while the next loads. */
export const pipelineListQuery = (api: ApiClient, params: ProjectPipelineParams) =>
  queryOptions({
    queryKey: queryKeys.pipelineList(params),
    queryFn: () => api.projects.pipelineList(params),
    placeholderData: keepPreviousData,
    retry: retryServerFailures,
  });

/** `GET /projects/{id}/pipeline`: status, dates, findings, photos, history, the caller's actions. */
export const pipelineQuery = (api: ApiClient, id: string) =>
  queryOptions({
    queryKey: queryKeys.pipeline(id),
    queryFn: () => api.projects.pipeline(id),
    retry: retryServerFailures,
  });

/**
 * `GET /calculator/production` for a configuration (the same key as the full calculator's
 * step 2, so the proposal reuses a cached answer): ten minutes fresh, not retried (the
 * server already falls back to the formula when PVGIS is down).
 */
export const productionQuery = (api: ApiClient, query: ProductionQuery) =>
  queryOptions({
    queryKey: queryKeys.production(query),
    queryFn: ({ signal }) => api.calculator.production(query, { signal }),
    staleTime: 10 * 60_000,
    retry: false,
  });

/**
 * `GET /geo/suggest?q=` (type-ahead, docs/product.md#full-calculator): places for a partial
 * address in the interface's `locale` (part of the key: answers are localized). Five
 * minutes fresh, not retried (the box says so and the typed address still works).
 */
export const geoSuggestQuery = (api: ApiClient, term: string, locale: string) =>
  queryOptions({
    queryKey: queryKeys.geoSuggest(term, locale),
    queryFn: ({ signal }) => api.geo.suggest(term, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });

/**
 * `GET /geo/search?q=` (on submit, docs/product.md#full-calculator): places for a whole
 * address in `locale`. Five minutes fresh, not retried (the screen offers the way on).
 */
export const geoSearchQuery = (api: ApiClient, text: string, locale: string) =>
  queryOptions({
    queryKey: queryKeys.geoSearch(text, locale),
    queryFn: () => api.geo.search(text),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** What to refetch after each mutation. */
export const invalidate = {
  /** After creating or updating a user: every list page and that user's detail. */
  adminUsers: (client: QueryClient, id?: string) =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.adminUsers() }),
      id ? client.invalidateQueries({ queryKey: queryKeys.adminUser(id) }) : undefined,
    ]),
  /** After a job's retry (done or refused): the failed jobs. */
  jobs: (client: QueryClient) => client.invalidateQueries({ queryKey: ['solar', 'jobs'] }),
  /** After a profile update. */
  me: (client: QueryClient) => client.invalidateQueries({ queryKey: queryKeys.me() }),
  /** After a chat reply, an end or a rename: the list, that conversation and the portfolio. */
  chat: (client: QueryClient, conversationId?: string) =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.conversations() }),
      conversationId
        ? client.invalidateQueries({ queryKey: queryKeys.conversation(conversationId) })
        : undefined,
      client.invalidateQueries({ queryKey: queryKeys.portfolio() }),
    ]),
  /** After any project change: the lists, details and pipelines of every project. */
  projects: (client: QueryClient) => client.invalidateQueries({ queryKey: ['solar', 'projects'] }),
  /**
   * After a transition or a photo upload on project `id`: the pipeline lists, that
   * project's pipeline and detail, and the own/all project lists (the dashboard's drafts).
   */
  pipeline: (client: QueryClient, id: string) =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['solar', 'projects', 'pipeline', 'list'] }),
      client.invalidateQueries({ queryKey: queryKeys.pipeline(id) }),
      client.invalidateQueries({ queryKey: queryKeys.project(id) }),
      client.invalidateQueries({ queryKey: queryKeys.projects('own') }),
      client.invalidateQueries({ queryKey: queryKeys.projects('all') }),
    ]),
  /**
   * After a sign-in or sign-up: drop every cached answer of the previous user. Reset, not
   * removed: a query a screen is watching (the account check of the route guard) is asked
   * again for the new user instead of being left pending forever. Not awaited: the sign-in
   * is done when the session is stored, not when those reads are.
   */
  everything: (client: QueryClient): void => void client.resetQueries({ queryKey: queryKeys.all }),
};
