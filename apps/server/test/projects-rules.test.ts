/**
 * The pure rules behind /projects: the access verdict for every role and action
 * (docs/product.md#roles-and-permissions; the OpenAPI document) and the sliding hour of the action
 * limit, on a fake clock. The configuration check of the projects plugin is here too.
 */
import { ROLE_KEYS, type RoleKey } from '@solar/domain';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config.ts';
import { canListAllProjects, projectAccess, type ProjectAction } from '../src/projects/access.ts';
import { createActionLimiter } from '../src/projects/rate-limit.ts';
import { loadProjectsConfig } from '../src/projects/routes.ts';
import { HttpError } from '../src/http-errors.ts';

const now = Date.UTC(2026, 0, 1);
const exp = now / 1000 + 900;
const caller = (role: RoleKey, userId = 'me') => ({ userId, role, exp });
/** A draft of `ownerId` (drafts are seen by their owner and canViewAllProjects only). */
const draftOf = (ownerId: string) => ({ ownerId, status: 'draft' as const });

/** Expected verdict on someone else's draft: read, edit, delete. */
const expected: Record<RoleKey, [string, string, string]> = {
  admin: ['allow', 'allow', 'allow'],
  project_manager: ['allow', 'allow', 'forbidden'],
  installer: ['not_found', 'not_found', 'not_found'],
  roof_inspector: ['not_found', 'not_found', 'not_found'],
  client_residential: ['not_found', 'not_found', 'not_found'],
  client_commercial: ['not_found', 'not_found', 'not_found'],
  supplier: ['not_found', 'not_found', 'not_found'],
};
const actions: ProjectAction[] = ['read', 'edit', 'delete'];

describe('projectAccess', () => {
  it.each(ROLE_KEYS)('%s: everything on own projects; the matrix on others’', (role) => {
    for (const [i, action] of actions.entries()) {
      expect(projectAccess(caller(role), draftOf('me'), action, now)).toBe('allow');
      expect(projectAccess(caller(role), draftOf('someone else'), action, now)).toBe(
        expected[role][i],
      );
    }
    expect(canListAllProjects(caller(role), now)).toBe(expected[role][0] === 'allow');
  });

  it('an expired session has no permissions on others’ projects', () => {
    const expired = { userId: 'me', role: 'admin' as const, exp: now / 1000 - 1 };
    expect(projectAccess(expired, draftOf('other'), 'read', now)).toBe('not_found');
    expect(canListAllProjects(expired, now)).toBe(false);
  });
});

describe('createActionLimiter', () => {
  it('allows max actions per sliding window, counts per user, and tells when to retry', () => {
    let clock = now;
    const limiter = createActionLimiter({ maxActions: 3, windowMs: 60_000 }, () => clock);
    limiter.consume('a');
    clock += 10_000;
    limiter.consume('a');
    limiter.consume('a');
    limiter.consume('b');
    let refused: unknown;
    try {
      limiter.consume('a');
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({
      statusCode: 429,
      code: 'rate_limited',
      message: 'Rate limit exceeded: max 3 requests per hour',
      headers: { 'retry-after': '50' },
    });
    // The first action leaves the window after 60 s: one slot frees, not more.
    clock = now + 60_001;
    limiter.consume('a');
    expect(() => limiter.consume('a')).toThrow(HttpError);
    // Refused actions were not counted: after the window everything is free again.
    clock = now + 10_000 + 60_001;
    limiter.consume('a');
    limiter.consume('a');
  });
});

describe('loadProjectsConfig', () => {
  it('defaults to 100 actions per hour and refuses bad values with one line', () => {
    expect(loadProjectsConfig({})).toEqual({
      rateLimit: { maxActions: 100, windowMs: 3_600_000 },
    });
    expect(loadProjectsConfig({ PROJECTS_RATE_LIMIT: '5' }).rateLimit.maxActions).toBe(5);
    expect(() => loadProjectsConfig({ PROJECTS_RATE_LIMIT: '0' })).toThrow(ConfigError);
    expect(() => loadProjectsConfig({ PROJECTS_RATE_LIMIT: 'many' })).toThrow(
      /^Invalid configuration: PROJECTS_RATE_LIMIT /,
    );
  });
});
