/** '@solar/api/react': the provider and data hooks on TanStack Query. */
export * from './hooks.tsx';
export {
  adminUserListQuery,
  adminUserQuery,
  configQuery,
  conversationQuery,
  conversationsQuery,
  invalidate,
  meQuery,
  portfolioQuery,
  projectsQuery,
  queryKeys,
} from './queries.ts';
