/**
 * The auth calls the account screens make (API-CONTRACT.md "Auth"), as TanStack Query
 * mutations over the app's API client. Each rejects with the client's ApiError.
 * TODO(api): move to '@solar/api/react' next to useSignIn (useSignUp, useGoogleSignIn,
 * useForgotPassword, useResetPassword, useVerifyEmail).
 */
import type { ForgotPasswordRequest, ResetPasswordRequest, SignUpRequest } from '@solar/domain';
import { invalidate, useApiClient } from '@solar/api/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** `POST /auth/email/signup` -> 201 AuthResponse (session stored); 400, 409 `email_taken`. */
export function useSignUp() {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SignUpRequest) => api.auth.signUp(body),
    onSuccess: () => invalidate.everything(client),
  });
}

/** `POST /auth/google/signin {code}` -> 200 AuthResponse (session stored); 400, 401, 503. */
export function useGoogleSignIn() {
  const api = useApiClient();
  const client = useQueryClient();
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
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.auth.verifyEmail({ token }),
    onSuccess: () => invalidate.me(client),
  });
}
