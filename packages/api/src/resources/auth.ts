/**
 * Auth resource (docs/product.md#accounts-and-sessions). Sign-in, sign-up and external
 * sign-in store the session (user, access and refresh tokens) in the session store.
 * Every function rejects with ApiError.
 */
import type {
  AuthResponse,
  ExternalSignInStartRequest,
  ExternalSignInStartResponse,
  EmailChangeConfirmResponse,
  EmailChangeTokenRequest,
  ForgotPasswordRequest,
  ForgotPasswordResponse,
  GoogleSignInRequest,
  RefreshResponse,
  ResetPasswordRequest,
  SignInRequest,
  SignUpRequest,
  VerifyEmailRequest,
} from '@solar/domain/contract';
import type { SessionStore } from '../session.ts';
import type { Transport } from '../transport.ts';

/** The auth calls. */
export interface AuthResource {
  /** `POST /auth/email/signin {email,password}` -> 200 AuthResponse (stored); 400, 401 `invalid_credentials`, 403 `account_inactive`, 429. */
  signIn(body: SignInRequest): Promise<AuthResponse>;
  /** `POST /auth/email/signup {name,email,password,confirmPassword}` -> 201 AuthResponse (stored); 400, 409 `email_taken`. */
  signUp(body: SignUpRequest): Promise<AuthResponse>;
  /**
   * `POST /auth/google/start {redirectUri}` -> 200 `{authorizationUrl, state, expiresAt}`:
   * where to send the browser for external sign-in (docs/decisions/030); 400, 429, 502
   * provider unreachable, 503 not configured.
   */
  startExternalSignIn(body: ExternalSignInStartRequest): Promise<ExternalSignInStartResponse>;
  /**
   * `POST /auth/google/signin {code, redirectUri, state, iss?}` -> 200 AuthResponse
   * (stored); 400 (`state`: expired or used), 401 `invalid_credentials` or
   * `email_unverified`, 403 `account_inactive`, 409 `conflict`, 502, 503 not configured.
   */
  googleSignIn(body: GoogleSignInRequest): Promise<AuthResponse>;
  /** `POST /auth/refresh {refreshToken}` (no bearer) -> 200 new token pair (NOT stored); 401. */
  refresh(refreshToken: string): Promise<RefreshResponse>;
  /**
   * `POST /auth/signout {refreshToken}` -> 204, then clears the session
   * (docs/product.md#accounts-and-sessions). The session is cleared even when the call fails (e.g.
   * offline).
   */
  signOut(): Promise<void>;
  /** `POST /auth/password/forgot {email}` -> 202 `{message}` (same for unknown emails); 400, 429. */
  forgotPassword(body: ForgotPasswordRequest): Promise<ForgotPasswordResponse>;
  /** `POST /auth/password/reset {token,password,confirmPassword}` -> 204; 400 `invalid_token` or field errors. */
  resetPassword(body: ResetPasswordRequest): Promise<void>;
  /** `POST /auth/email/verify {token}` -> 204; 400. */
  verifyEmail(body: VerifyEmailRequest): Promise<void>;
  /**
   * `POST /auth/email/change/confirm {token}` (the link mailed to a new address) -> 200
   * `{email}`, the account's address from now on; 400 `invalid_token`; 409 `email_taken`.
   */
  confirmEmailChange(body: EmailChangeTokenRequest): Promise<EmailChangeConfirmResponse>;
  /**
   * `POST /auth/email/change/cancel {token}` (the link mailed to the old address) -> 204:
   * the change is dropped; 400 `invalid_token`.
   */
  cancelEmailChange(body: EmailChangeTokenRequest): Promise<void>;
}

/** Creates the auth resource. */
export function authResource(t: Transport, session: SessionStore): AuthResource {
  const signedIn = async (path: string, body: object) => {
    const response = await t.anon((http) => http.post(path, { json: body }).json<AuthResponse>());
    session.signedIn(response);
    return response;
  };
  return {
    signIn: (body) => signedIn('auth/email/signin', body),
    signUp: (body) => signedIn('auth/email/signup', body),
    startExternalSignIn: (body) =>
      t.anon((http) =>
        http.post('auth/google/start', { json: body }).json<ExternalSignInStartResponse>(),
      ),
    googleSignIn: (body) => signedIn('auth/google/signin', body),
    refresh: (refreshToken) =>
      t.anon((http) =>
        http.post('auth/refresh', { json: { refreshToken } }).json<RefreshResponse>(),
      ),
    async signOut() {
      const refreshToken = session.getRefreshToken();
      try {
        if (refreshToken)
          await t.anon((http) => http.post('auth/signout', { json: { refreshToken } }));
      } finally {
        session.clear();
      }
    },
    forgotPassword: (body) =>
      t.anon((http) =>
        http.post('auth/password/forgot', { json: body }).json<ForgotPasswordResponse>(),
      ),
    resetPassword: async (body) => {
      await t.anon((http) => http.post('auth/password/reset', { json: body }));
    },
    confirmEmailChange: (body) =>
      t.anon((http) =>
        http.post('auth/email/change/confirm', { json: body }).json<EmailChangeConfirmResponse>(),
      ),
    cancelEmailChange: async (body) => {
      await t.anon((http) => http.post('auth/email/change/cancel', { json: body }));
    },
    verifyEmail: async (body) => {
      await t.anon((http) => http.post('auth/email/verify', { json: body }));
    },
  };
}
