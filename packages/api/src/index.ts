/**
 * @solar/api: the typed client of /api/v1 (the OpenAPI document). The mock
 * backend is NOT exported here: import it from '@solar/api/mock' (Storybook and tests only).
 */
export { createApiClient, type ApiClient, type CreateApiClientOptions } from './client.ts';
export {
  ApiError,
  apiErrorFromResponse,
  isAbortError,
  isNetworkFailure,
  toApiError,
  type ApiClientErrorCode,
} from './errors.ts';
export type { ApiClientOptions } from './http.ts';
export {
  createSessionStore,
  defaultStorage,
  memoryStorage,
  storageEvents,
  type ExternalChanges,
  type KeyValueStorage,
  type SessionSnapshot,
  type SessionStore,
  type StoredUser,
} from './session.ts';
export {
  createTokenManager,
  TOKEN_SKEW_MS,
  type SignedOutEvent,
  type TokenManager,
} from './tokens.ts';
export { readChatStream, type ChatStreamOptions } from './chat-stream.ts';
export type { AuthResource } from './resources/auth.ts';
export type { ProfileResource } from './resources/profile.ts';
export {
  userListSearchParams,
  type AdminUserListParams,
  type AdminUsersResource,
} from './resources/admin-users.ts';
export {
  auditSearchParams,
  type AuditEventPage,
  type AuditEventParams,
  type AuditExportParams,
  type AuditHistoryParams,
  type AuditResource,
} from './resources/audit.ts';
export type { ChatResource, StreamOptions } from './resources/chat.ts';
export type { JobsResource } from './resources/jobs.ts';
export {
  pipelineListSearchParams,
  type ProjectPipelinePage,
  type ProjectPipelineParams,
  type ProjectsResource,
} from './resources/projects.ts';
export type { CalculatorResource, ConfigResource, GeoResource } from './resources/public.ts';
