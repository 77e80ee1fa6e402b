/**
 * '@solar/api/react': the provider, client, session and sign-out (provider.tsx, also
 * '@solar/api/react/provider', without TanStack Query) and the data hooks on TanStack Query.
 */
export * from './provider.tsx';
export * from './hooks.tsx';
export * from './chat-stream.tsx';
export * from './pipeline.tsx';
export * from './save-blob.ts';
export * from './jobs.ts';
export * from './audit.ts';
export * from './saved-views.ts';
export {
  adminUserListQuery,
  adminUserQuery,
  configQuery,
  conversationQuery,
  conversationsQuery,
  failedJobsQuery,
  geoSearchQuery,
  geoSuggestQuery,
  invalidate,
  meQuery,
  pipelineListQuery,
  pipelineQuery,
  portfolioQuery,
  productionQuery,
  projectQuery,
  projectsQuery,
  queryKeys,
} from './queries.ts';
