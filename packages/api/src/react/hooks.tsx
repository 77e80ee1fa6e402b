/**
 * React data hooks on TanStack Query over the typed client (spec section 7): caching,
 * de-duplication, pagination of users and conversations, invalidation after mutations, and
 * the chat stream with its stop. The provider, client, session and sign-out are in
 * provider.tsx, whose QueryClientProvider gives these hooks their QueryClient.
 */
import type {
  AdminCreateUserRequest,
  AdminUpdateUserRequest,
  ChatStreamRequest,
  ForgotPasswordRequest,
  ProfileUpdateRequest,
  ProjectCreateRequest,
  ProjectUpdateRequest,
  ResetPasswordRequest,
  SignUpRequest,
  StreamChunk,
} from '@solar/domain/contract';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { isNetworkFailure, type ApiError } from '../errors.ts';
import type { AdminUserListParams } from '../resources/admin-users.ts';
import type { ChatStream } from '../resources/chat.ts';
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

/** `POST /auth/google/signin {code}` -> 200 AuthResponse (session stored); 400, 401, 503. */
export function useGoogleSignIn() {
  const api = useApiClient();
  const client = useApiQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.auth.googleSignIn({ code }),
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

/** The state of the streamed reply. */
export interface ChatStreamState {
  readonly status: 'idle' | 'streaming' | 'done' | 'stopped' | 'error';
  /** Text received so far. */
  readonly text: string;
  /** Known once the first chunk arrived (spec section 4: then the URL becomes /chat/{id}). */
  readonly conversationId: string | null;
  readonly last: StreamChunk | null;
  readonly error: ApiError | null;
}

const idle: ChatStreamState = {
  status: 'idle',
  text: '',
  conversationId: null,
  last: null,
  error: null,
};

/** How many times a dropped reply stream is reopened (after its last event) before failing. */
const RECONNECTS = 3;

/**
 * Sends a message and follows its streamed reply (API-CONTRACT.md "Chat"):
 * - `send(request)` streams the reply; resolves with the ApiError when the request failed,
 *   else null. A connection that drops mid-reply is reopened with `GET /chat/stream/{id}`
 *   after the last event received (up to 3 times): the server keeps generating meanwhile.
 * - `resume(conversationId)` follows a reply already running on the server (opened in
 *   another tab, or before a reload); resolves at once with nothing when none runs (204).
 * - `stop()` is the user's Stop: `POST /chat/stop/{id}`, after which the server ends the
 *   stream with the partial reply (status `stopped`); without an id yet, or when that call
 *   fails, the request is aborted.
 * - `detach()` stops following (leaving the conversation); the server keeps generating and
 *   stores the whole reply.
 * After the reply the conversation list, history and portfolio refresh.
 */
export function useChatStream(options: { onChunk?: (chunk: StreamChunk) => void } = {}) {
  const api = useApiClient();
  const client = useApiQueryClient();
  const [state, setState] = useState<ChatStreamState>(idle);
  const controller = useRef<AbortController | null>(null);
  const following = useRef<{ conversationId: string | null; stopRequested: boolean } | null>(null);
  const onChunk = useRef(options.onChunk);
  onChunk.current = options.onChunk;

  const follow = useCallback(
    async (
      open: (signal: AbortSignal, lastEventId: string | null) => ChatStream,
      startId: string | null,
    ): Promise<ApiError | null> => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      const run = { conversationId: startId, stopRequested: false };
      following.current = run;
      let text = '';
      let lastEventId: string | null = null;
      let received = false;
      setState({ ...idle, status: 'streaming', conversationId: startId });
      // A stream replaced by a newer one must not overwrite the newer stream's state.
      const current = () => controller.current === abort;
      try {
        for (let attempt = 0; ; attempt += 1) {
          const stream = open(abort.signal, lastEventId);
          try {
            for await (const chunk of stream) {
              received = true;
              run.conversationId = chunk.conversationId || run.conversationId;
              if (!chunk.isComplete && !chunk.isError) text += chunk.textDelta;
              onChunk.current?.(chunk);
              if (current()) {
                setState({
                  status: 'streaming',
                  text,
                  conversationId: run.conversationId,
                  last: chunk,
                  error: null,
                });
              }
            }
            break;
          } catch (error) {
            lastEventId = stream.lastEventId ?? lastEventId;
            const dropped = isNetworkFailure(error) && !abort.signal.aborted;
            if (!dropped || run.conversationId === null || attempt >= RECONNECTS) throw error;
            // The connection dropped mid-reply: the server goes on; read on from the last event.
            const id = run.conversationId;
            open = (signal, after) => api.chat.resume(id, { lastEventId: after, signal });
          }
        }
        if (current()) {
          const stopped = abort.signal.aborted || run.stopRequested;
          setState((s) => ({ ...s, status: stopped ? 'stopped' : received ? 'done' : 'idle' }));
        }
        return null;
      } catch (error) {
        if (current()) setState((s) => ({ ...s, status: 'error', error: error as ApiError }));
        return error as ApiError;
      } finally {
        if (controller.current === abort) controller.current = null;
        if (following.current === run) following.current = null;
        if (received) void invalidate.chat(client, run.conversationId ?? undefined);
      }
    },
    [api, client],
  );

  const send = useCallback(
    (request: ChatStreamRequest) =>
      follow((signal) => api.chat.stream(request, { signal }), request.conversationId ?? null),
    [api, follow],
  );
  const resume = useCallback(
    (conversationId: string) =>
      follow(
        (signal, lastEventId) => api.chat.resume(conversationId, { lastEventId, signal }),
        conversationId,
      ),
    [api, follow],
  );
  const stop = useCallback(() => {
    const run = following.current;
    const abort = controller.current;
    if (!run || !abort) return;
    run.stopRequested = true;
    if (run.conversationId === null) return abort.abort();
    api.chat.stop(run.conversationId).catch(() => abort.abort());
  }, [api]);
  const detach = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => setState(idle), []);
  return { state, send, resume, stop, detach, reset };
}
