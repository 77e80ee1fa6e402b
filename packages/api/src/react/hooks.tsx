/**
 * React data hooks on TanStack Query over the typed client (the OpenAPI document): caching,
 * de-duplication, pagination of users and conversations, invalidation after mutations (the
 * chat stream's hook is in chat-stream.tsx). The provider, client, session and sign-out are in
 * provider.tsx, whose QueryClientProvider gives these hooks their QueryClient.
 */
import type {
  AdminCreateUserRequest,
  AdminUpdateUserRequest,
  ExternalSignInStartRequest,
  ForgotPasswordRequest,
  GoogleSignInRequest,
  ProfileUpdateRequest,
  ProjectCreateRequest,
  ProjectUpdateRequest,
  ResetPasswordRequest,
  SignUpRequest,
} from '@solar/domain/contract';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { AdminUserListParams } from '../resources/admin-users.ts';
import { useApiClient } from './provider.tsx';
import {
  adminUserListQuery,
  adminUserQuery,
  configQuery,
  conversationQuery,
  conversationsQuery,
  invalidate,
  portfolioQuery,
  projectsQuery,
  queryKeys,
} from './queries.ts';

/** The QueryClient of the nearest ApiProvider (its QueryClientProvider). */
export function useApiQueryClient(): QueryClient {
  return useQueryClient();
}

/** `GET /config`. */
export const useConfig = () => useQuery(configQuery(useApiClient()));
/** `GET /auth/me`. */
export { useMe } from './me.ts';
/** `GET /admin/users` (keeps the previous page while loading). */
export const useAdminUsers = (params: AdminUserListParams) =>
  useQuery(adminUserListQuery(useApiClient(), params));
/** `GET /admin/users/{id}`. */
export const useAdminUser = (id: string) => useQuery(adminUserQuery(useApiClient(), id));
/** `GET /chat/conversations` with 'load more' (`fetchNextPage`). */
export const useConversations = () => useInfiniteQuery(conversationsQuery(useApiClient()));
/** `GET /chat/history/{id}`; disabled without an id (a new conversation). */
export const useConversation = (id: string | null) => {
  const api = useApiClient();
  return useQuery({ ...conversationQuery(api, id ?? ''), enabled: id !== null });
};
/** `GET /chat/portfolio`. */
export const usePortfolio = () => useQuery(portfolioQuery(useApiClient()));
/** `GET /projects`. */
export const useProjects = (scope: 'own' | 'all' = 'own') =>
  useQuery(projectsQuery(useApiClient(), scope));

/** Sign-in that stores the session (the client does) and drops the previous user's cache. */
export function useSignIn() {
  const api = useApiClient();
  const client = useApiQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => api.auth.signIn(body),
    onSuccess: () => invalidate.everything(client),
  });
}

/** `POST /auth/email/signup` -> 201 AuthResponse (session stored); 400, 409 `email_taken`. */
export function useSignUp() {
  const api = useApiClient();
  const client = useApiQueryClient();
  return useMutation({
    mutationFn: (body: SignUpRequest) => api.auth.signUp(body),
    onSuccess: () => invalidate.everything(client),
  });
}

/**
 * `POST /auth/google/start {redirectUri}` -> `{authorizationUrl, state, expiresAt}`: starts
 * external sign-in; 400, 429, 502, 503.
 */
export function useStartExternalSignIn() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: ExternalSignInStartRequest) => api.auth.startExternalSignIn(body),
  });
}

/**
 * `POST /auth/google/signin {code, redirectUri, state, iss?}` -> 200 AuthResponse (session
 * stored, the previous user's cache dropped); 400, 401, 403, 409, 502, 503.
 */
export function useGoogleSignIn() {
  const api = useApiClient();
  const client = useApiQueryClient();
  return useMutation({
    mutationFn: (body: GoogleSignInRequest) => api.auth.googleSignIn(body),
    onSuccess: () => invalidate.everything(client),
  });
}

/** `POST /auth/password/forgot {email}` -> 202 (same answer for unknown emails); 400, 429. */
export function useForgotPassword() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: ForgotPasswordRequest) => api.auth.forgotPassword(body),
  });
}

/** `POST /auth/password/reset {token,password,confirmPassword}` -> 204; 400 `invalid_token`. */
export function useResetPassword() {
  const api = useApiClient();
  return useMutation({ mutationFn: (body: ResetPasswordRequest) => api.auth.resetPassword(body) });
}

/** `POST /auth/email/verify {token}` -> 204 (email confirmed); 400 `invalid_token`. */
export function useVerifyEmail() {
  const api = useApiClient();
  const client = useApiQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.auth.verifyEmail({ token }),
    onSuccess: () => invalidate.me(client),
  });
}

/** `PUT /auth/me`. */
export function useUpdateProfile() {
  const api = useApiClient();
  const client = useApiQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateRequest) => api.profile.update(body),
    onSuccess: () => invalidate.me(client),
  });
}

/** `POST /auth/password/change` (this session stays, the others end). */
export function useChangePassword() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: Parameters<typeof api.profile.changePassword>[0]) =>
      api.profile.changePassword(body),
  });
}

/** `POST /auth/email/verify/resend`: a new verification link for the current email. */
export function useResendVerification() {
  const api = useApiClient();
  const client = useApiQueryClient();
  return useMutation({
    mutationFn: () => api.profile.resendVerification(),
    // 409 already_confirmed: the link was used meanwhile (another tab); show the new state.
    onError: (error) => {
      if ((error as { code?: string }).code === 'already_confirmed') void invalidate.me(client);
    },
  });
}

/**
 * `POST /auth/email/change/confirm {token}` (the link mailed to a new address) -> `{email}`;
 * 400 `invalid_token`, 409 `email_taken`. A signed-in profile is read again.
 */
export function useConfirmEmailChange() {
  const api = useApiClient();
  const client = useApiQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.auth.confirmEmailChange({ token }),
    onSuccess: () => invalidate.me(client),
  });
}

/**
 * `POST /auth/email/change/cancel {token}` (the link mailed to the old address) -> 204;
 * 400 `invalid_token`. A signed-in profile is read again.
 */
export function useCancelEmailChangeByLink() {
  const api = useApiClient();
  const client = useApiQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.auth.cancelEmailChange({ token }),
    onSuccess: () => invalidate.me(client),
  });
}

/** `POST /auth/email/change/resend`: a new confirmation link to the pending address. */
export function useResendEmailChange() {
  const api = useApiClient();
  const client = useApiQueryClient();
  return useMutation({
    mutationFn: () => api.profile.resendEmailChange(),
    // 409: the change was confirmed or cancelled meanwhile (another tab); show the new state.
    onError: (error) => {
      if ((error as { code?: string }).code === 'conflict') void invalidate.me(client);
    },
  });
}

/** `DELETE /auth/email/change`: drops the pending email change; the profile follows. */
export function useCancelEmailChange() {
  const api = useApiClient();
  const client = useApiQueryClient();
  return useMutation({
    mutationFn: () => api.profile.cancelEmailChange(),
    onSuccess: (me) => client.setQueryData(queryKeys.me(), me),
  });
}

/** `POST /admin/users`; refreshes every user list. */
export function useCreateUser() {
  const api = useApiClient();
  const client = useApiQueryClient();
  return useMutation({
    mutationFn: (body: AdminCreateUserRequest) => api.adminUsers.create(body),
    onSuccess: () => invalidate.adminUsers(client),
  });
}

/** `PUT /admin/users/{id}`; refreshes the lists and that user. */
export function useUpdateUser() {
  const api = useApiClient();
  const client = useApiQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AdminUpdateUserRequest }) =>
      api.adminUsers.update(id, body),
    onSuccess: (_data, { id }) => invalidate.adminUsers(client, id),
  });
}

/** `POST /chat/end/{id}`. */
export function useEndConversation() {
  const api = useApiClient();
  const client = useApiQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.chat.end(id),
    onSuccess: (_d, id) => invalidate.chat(client, id),
  });
}

/** `PUT /chat/conversations/{id}/title`. */
export function useRenameConversation() {
  const api = useApiClient();
  const client = useApiQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => api.chat.rename(id, title),
    onSuccess: (_d, { id }) => invalidate.chat(client, id),
  });
}

/** Project mutations; each refreshes the project lists. */
export function useProjectMutations() {
  const api = useApiClient();
  const client = useApiQueryClient();
  const onSuccess = () => invalidate.projects(client);
  return {
    create: useMutation({
      mutationFn: (body: ProjectCreateRequest) => api.projects.create(body),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: ProjectUpdateRequest }) =>
        api.projects.update(id, body),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.projects.remove(id), onSuccess }),
  };
}
