/**
 * The first slice's names, kept so the current web app builds until it moves to
 * `createApiClient` (then delete this file): `signIn(http, body)`, `SessionUserDto`,
 * `SignInResponse`.
 */
import type { AuthResponse, SessionUser, SignInRequest } from '@solar/domain/contract';
import type { KyInstance } from 'ky';
import { toApiError } from './errors.ts';

/** @deprecated Use `SessionUser` from '@solar/domain/contract'. */
export type SessionUserDto = SessionUser;
/** @deprecated Use `AuthResponse` from '@solar/domain/contract'. */
export type SignInResponse = AuthResponse;

/**
 * `POST /auth/email/signin {email, password}` -> AuthResponse; 401 `invalid_credentials`,
 * 403 `account_inactive`, 400 (throws ApiError). Does not store the session.
 * @deprecated Use `createApiClient().auth.signIn`.
 */
export async function signIn(http: KyInstance, body: SignInRequest): Promise<AuthResponse> {
  try {
    return await http.post('auth/email/signin', { json: body }).json<AuthResponse>();
  } catch (error) {
    throw toApiError(error);
  }
}
