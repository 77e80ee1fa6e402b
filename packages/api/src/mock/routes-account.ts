/**
 * MSW handlers of the account groups over the fake (the OpenAPI document): meta, auth, profile and
 * users.
 */
import { http } from 'msw';
import type { FakeBackend } from './fake.ts';
import { authOf as auth, queryOf as query, withBody, type Route } from './route.ts';
import type { MockHandlers } from './scenarios.ts';

/** The meta, auth, profile and users groups under `base` (e.g. `* /api/v1`). */
export function accountHandlers(
  base: string,
  fake: FakeBackend,
  route: Route,
): Pick<MockHandlers, 'meta' | 'auth' | 'profile' | 'users'> {
  const post = (path: string, call: (body: unknown) => ReturnType<FakeBackend['signIn']>) =>
    http.post(`${base}${path}`, route('auth', withBody(call)));
  return {
    meta: [
      http.get(
        `${base}/health`,
        route('meta', () => fake.health()),
      ),
      http.get(
        `${base}/config`,
        route('meta', () => fake.config()),
      ),
    ],
    auth: [
      post('/auth/email/signup', (b) => fake.signUp(b)),
      post('/auth/email/signin', (b) => fake.signIn(b)),
      post('/auth/google/start', (b) => fake.startExternalSignIn(b)),
      post('/auth/google/signin', (b) => fake.googleSignIn(b)),
      post('/auth/refresh', (b) => fake.refresh(b)),
      post('/auth/signout', (b) => fake.signOut(b)),
      post('/auth/password/forgot', (b) => fake.forgotPassword(b)),
      post('/auth/password/reset', (b) => fake.resetPassword(b)),
      post('/auth/email/verify', (b) => fake.verifyEmail(b)),
      post('/auth/email/change/confirm', (b) => fake.confirmEmailChange(b)),
      post('/auth/email/change/cancel', (b) => fake.cancelEmailChangeByLink(b)),
    ],
    profile: [
      http.get(
        `${base}/auth/me`,
        route('profile', (r) => fake.me(auth(r))),
      ),
      http.put(
        `${base}/auth/me`,
        route('profile', (r) => withBody((b) => fake.updateMe(auth(r), b))(r)),
      ),
      http.put(
        `${base}/auth/me/locale`,
        route('profile', (r) => withBody((b) => fake.setLocale(auth(r), b))(r)),
      ),
      http.post(
        `${base}/auth/password/change`,
        route('profile', (r) => withBody((b) => fake.changePassword(auth(r), b))(r)),
      ),
      http.post(
        `${base}/auth/email/verify/resend`,
        route('profile', (r) => fake.resendVerification(auth(r))),
      ),
      http.post(
        `${base}/auth/email/change/resend`,
        route('profile', (r) => fake.resendEmailChange(auth(r))),
      ),
      http.delete(
        `${base}/auth/email/change`,
        route('profile', (r) => fake.cancelEmailChange(auth(r))),
      ),
    ],
    users: [
      http.get(
        `${base}/admin/users`,
        route('users', (r) => fake.listUsers(auth(r), query(r))),
      ),
      http.post(
        `${base}/admin/users`,
        route('users', (r) => withBody((b) => fake.createUser(auth(r), b))(r)),
      ),
      http.get(
        `${base}/admin/users/:id`,
        route('users', (r, p) => fake.getUser(auth(r), p.id!)),
      ),
      http.put(
        `${base}/admin/users/:id`,
        route('users', (r, p) => withBody((b) => fake.updateUser(auth(r), p.id!, b))(r)),
      ),
      http.put(
        `${base}/admin/users/:id/status`,
        route('users', (r, p) => withBody((b) => fake.setUserStatus(auth(r), p.id!, b))(r)),
      ),
    ],
  };
}
