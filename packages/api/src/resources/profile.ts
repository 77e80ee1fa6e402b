/**
 * Profile resource (the OpenAPI document: `/auth/me`). Rejects with ApiError.
 */
import type { Locale } from '@solar/domain/constants';
import type {
  ChangePasswordRequest,
  MeResponse,
  ProfileUpdateRequest,
  ResendVerificationResponse,
} from '@solar/domain/contract';
import type { SessionStore } from '../session.ts';
import type { Transport } from '../transport.ts';

/** The profile calls. */
export interface ProfileResource {
  /**
   * `GET /auth/me` -> 200 SessionUser + `{emailConfirmed, createdAt}` (and the stored user
   * brought up to date: a role an admin changed reaches the menus); 401.
   */
  get(): Promise<MeResponse>;
  /**
   * `PUT /auth/me {name, email, currentPassword?}` -> 200 the same shape, updated (and the
   * stored user with it). A new email needs `currentPassword` and becomes `pendingEmail`:
   * `email` stays until the link mailed to the new address is used, and the old address
   * gets a notice with a cancel link; 400 (a `currentPassword` field error when it is
   * missing or wrong), 403 for Google users, 409 `email_taken`, 429.
   */
  update(body: ProfileUpdateRequest): Promise<MeResponse>;
  /**
   * `POST /auth/password/change {currentPassword, password, confirmPassword, refreshToken}`
   * -> 204: the password is replaced; this session (its refresh token is sent) stays signed
   * in, every other one is revoked; 400 (field errors, `currentPassword` when wrong), 429.
   */
  changePassword(body: Omit<ChangePasswordRequest, 'refreshToken'>): Promise<void>;
  /**
   * `POST /auth/email/verify/resend` -> 202 `{message}`: a new verification link for the
   * current email; 409 `already_confirmed` when already confirmed; 429.
   */
  resendVerification(): Promise<ResendVerificationResponse>;
  /**
   * `PUT /auth/me/locale {locale}` -> 204: the interface language the user chose (en, es,
   * ru) becomes the language of all their mail; 400 another value; 401.
   */
  setLocale(locale: Locale): Promise<void>;
  /**
   * `POST /auth/email/change/resend` -> 202 `{message}`: a new confirmation link to the
   * pending address (older ones stop working); 409 `conflict` when none is pending; 429.
   */
  resendEmailChange(): Promise<ResendVerificationResponse>;
  /**
   * `DELETE /auth/email/change` -> 200 the me shape without a pending email: the pending
   * change is dropped and its links stop working.
   */
  cancelEmailChange(): Promise<MeResponse>;
}

const toStoredUser = (me: MeResponse) => ({
  id: me.id,
  name: me.name,
  email: me.email,
  picture: me.picture,
  role: me.role,
  authMethod: me.authMethod,
});

/** Creates the profile resource. */
export function profileResource(t: Transport, session: SessionStore): ProfileResource {
  return {
    async get() {
      const me = await t.authed((http) => http.get('auth/me').json<MeResponse>());
      const stored = session.getSnapshot().user;
      const fresh = toStoredUser(me);
      const changed =
        stored?.id === me.id &&
        (Object.keys(fresh) as (keyof typeof fresh)[]).some((key) => stored[key] !== fresh[key]);
      if (changed) session.setUser(fresh);
      return me;
    },
    async update(body) {
      const me = await t.authed((http) => http.put('auth/me', { json: body }).json<MeResponse>());
      session.setUser(toStoredUser(me));
      return me;
    },
    async changePassword(body) {
      const refreshToken = session.getRefreshToken();
      await t.authed((http) =>
        http.post('auth/password/change', {
          json: { ...body, ...(refreshToken ? { refreshToken } : {}) },
        }),
      );
    },
    resendVerification: () =>
      t.authed((http) => http.post('auth/email/verify/resend').json<ResendVerificationResponse>()),
    async setLocale(locale) {
      await t.authed((http) => http.put('auth/me/locale', { json: { locale } }));
    },
    resendEmailChange: () =>
      t.authed((http) => http.post('auth/email/change/resend').json<ResendVerificationResponse>()),
    cancelEmailChange: () =>
      t.authed((http) => http.delete('auth/email/change').json<MeResponse>()),
  };
}
