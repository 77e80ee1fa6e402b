/**
 * Shared set-up of the project pipeline suites: the real app on a fresh
 * database (harness.ts: PGlite, and PostgreSQL with TEST_DATABASE_URL), one signed-in user
 * per role created by the admin over HTTP, projects made over HTTP, and a way to put a
 * project straight into a status (so each rule is tested from the status it starts from).
 */
import { roleToUserType, type ProjectStatus, type RoleKey } from '@solar/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../src/db/schema.ts';
import { projects } from '../src/projects/schema.ts';
import { ADMIN, type TestServer } from './harness.ts';
import { call, signIn, uniqueEmail } from './helpers.ts';

export { call };

/** A signed-in user of one role. */
export interface PipelineUser {
  role: RoleKey;
  id: string;
  email: string;
  name: string;
  token: string;
}

/** Creates a user of `role` (through the admin API) and signs them in. */
export async function userOf(
  server: TestServer,
  role: RoleKey,
  name = `User ${role}`,
): Promise<PipelineUser> {
  const admin = await signIn(server, ADMIN);
  const email = uniqueEmail(role.replace('_', '-'));
  const created = await call(server, 'POST', '/admin/users', {
    token: admin.token,
    body: {
      name,
      email,
      password: 'Secret123',
      userType: roleToUserType(role),
      emailConfirmed: true,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const session = await signIn(server, { email, password: 'Secret123' });
  return { role, id: session.user.id, email, name, token: session.token };
}

/** Sets the language of `user`'s mail. */
export async function setLocale(
  server: TestServer,
  user: PipelineUser,
  locale: 'en' | 'es' | 'ru',
) {
  await server.database.db.update(users).set({ locale }).where(eq(users.id, user.id));
}

/** A project of `owner` at `address` (a draft with a 5 kW configuration); returns its id. */
export async function projectOf(
  server: TestServer,
  owner: PipelineUser,
  address = 'Chui Avenue 1, Bishkek',
): Promise<string> {
  const answer = await call(server, 'POST', '/projects', {
    token: owner.token,
    body: {
      location: { address, latitude: 42.87, longitude: 74.59 },
      configuration: { systemSizeKw: 5, panelCount: 12 },
      isDraft: false,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id as string;
}

/** Puts project `id` straight into `status` (test set-up only: no history, no audit). */
export async function putInStatus(server: TestServer, id: string, status: ProjectStatus) {
  await server.database.db.update(projects).set({ status }).where(eq(projects.id, id));
}

/** `POST /projects/{id}/transitions` as `user`. */
export function transition(
  server: TestServer,
  user: PipelineUser,
  id: string,
  body: Record<string, unknown>,
) {
  return call(server, 'POST', `/projects/${id}/transitions`, { token: user.token, body });
}

/** The request body that takes `action` (with the date or findings it needs). */
export function bodyFor(action: string): Record<string, unknown> {
  if (action === 'scheduleInspection' || action === 'scheduleInstallation') {
    return { action, date: '2054-12-15' };
  }
  if (action === 'recordInspection') {
    return {
      action,
      inspection: { roofType: 'flat', roofAreaM2: 80, shadingNotes: 'A poplar on the west side' },
    };
  }
  return { action };
}
