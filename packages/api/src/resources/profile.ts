/**
 * Profile resource (API-CONTRACT.md "Auth": `/auth/me`). Rejects with ApiError.
 */
import type { MeResponse, ProfileUpdateRequest } from '@solar/domain/contract';
import type { SessionStore } from '../session.ts';
import type { Transport } from '../transport.ts';

/** The profile calls. */
export interface ProfileResource {
  /** `GET /auth/me` -> 200 SessionUser + `{emailConfirmed, createdAt}`; 401. */
  get(): Promise<MeResponse>;
  /**
   * `PUT /auth/me {name,email}` -> 200 the same shape, updated (and the stored user with it);
   * 400, 403 for Google users, 409 `email_taken`.
   */
  update(body: ProfileUpdateRequest): Promise<MeResponse>;
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
    get: () => t.run(t.authed.get('auth/me').json<MeResponse>()),
    async update(body) {
      const me = await t.run(t.authed.put('auth/me', { json: body }).json<MeResponse>());
      session.setUser(toStoredUser(me));
      return me;
    },
  };
}
