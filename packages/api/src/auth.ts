/**
 * Auth resource (API-CONTRACT.md, Auth). Each function maps one row of the contract.
 */
import type { KyInstance } from 'ky';
import { toApiError } from './client.ts';

export interface SessionUserDto {
  id: string;
  name: string;
  email: string;
  picture: string | null;
  role: string;
  authMethod: 'email' | 'google';
}

export interface SignInResponse {
  token: string;
  refreshToken?: string;
  expiresAt: string;
  user: SessionUserDto;
}

/** POST /auth/email/signin {email, password} -> AuthResponse; 401 invalid_credentials,
 * 403 account_inactive, 400 validation_failed (throws ApiError). */
export async function signIn(
  http: KyInstance,
  body: { email: string; password: string },
): Promise<SignInResponse> {
  try {
    return await http.post('auth/email/signin', { json: body }).json<SignInResponse>();
  } catch (error) {
    throw toApiError(error);
  }
}
