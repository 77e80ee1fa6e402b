/**
 * The pipeline's object-level rules for every role ("Object-level rules
 * are tested for every role"), over HTTP: each action of PIPELINE_ACTIONS by each role of
 * ROLE_KEYS, on the caller's own project and on someone else's, from a status the action
 * starts from (200, 403 `forbidden`, or 404 `not_found` exactly like an unknown id) and
 * from a final status (409 `invalid_transition` when the role may take it); and which
 * statuses of other people's projects each role sees (GET pipeline and GET /projects/{id})
 * and may edit. Expected answers are written out here, not derived from the domain rules.
 * A refused call changes nothing. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import {
  PIPELINE_ACTIONS,
  PIPELINE_RULES,
  PROJECT_STATUSES,
  ROLE_KEYS,
  type PipelineAction,
  type ProjectStatus,
  type RoleKey,
} from '@solar/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import { projects, projectStatusEvents } from '../src/projects/schema.ts';
import { databaseKinds, startTestServer, type TestServer } from './harness.ts';
import {
  bodyFor,
  call,
  projectOf,
  putInStatus,
  transition,
  userOf,
  type PipelineUser,
} from './projects-pipeline-support.ts';

/** The status each action is tried from (one it starts from). */
const FROM: Record<PipelineAction, ProjectStatus> = {
  requestQuote: 'draft',
  scheduleInspection: 'quote_requested',
  recordInspection: 'inspection_scheduled',
  acceptProposal: 'inspected',
  scheduleInstallation: 'proposal_accepted',
  markInstalled: 'installation_scheduled',
  cancel: 'quote_requested',
};

type Row = [number, number, number, number, number, number, number];
/** Answers in PIPELINE_ACTIONS order: requestQuote, scheduleInspection, recordInspection,
 * acceptProposal, scheduleInstallation, markInstalled, cancel. */
const table = (rows: Record<RoleKey, Row>) => rows;
const CLIENT_OWN: Row = [200, 403, 403, 200, 403, 403, 200];
const NOTHING: Row = [404, 404, 404, 404, 404, 404, 404];

/** On the caller's own project, from FROM[action]. */
const OWN = table({
  admin: [200, 200, 200, 200, 200, 403, 200],
  project_manager: [200, 200, 200, 200, 200, 403, 200],
  installer: [200, 403, 403, 200, 403, 200, 200],
  roof_inspector: [200, 200, 200, 200, 403, 403, 200],
  client_residential: CLIENT_OWN,
  client_commercial: CLIENT_OWN,
  supplier: CLIENT_OWN,
});

/** On another client's project, from FROM[action]. */
const OTHERS = table({
  admin: [200, 200, 200, 200, 200, 403, 200],
  project_manager: [200, 200, 200, 200, 200, 403, 200],
  installer: [404, 404, 404, 404, 403, 200, 404],
  roof_inspector: [404, 200, 200, 403, 404, 404, 403],
  client_residential: NOTHING,
  client_commercial: NOTHING,
  supplier: NOTHING,
});

/** On another client's installed project (no action starts there). */
const OTHERS_INSTALLED = table({
  admin: [409, 409, 409, 409, 409, 403, 409],
  project_manager: [409, 409, 409, 409, 409, 403, 409],
  installer: [403, 403, 403, 403, 403, 409, 403],
  roof_inspector: NOTHING,
  client_residential: NOTHING,
  client_commercial: NOTHING,
  supplier: NOTHING,
});

/** The statuses of other people's projects each role sees. */
const SEES: Record<RoleKey, readonly ProjectStatus[]> = {
  admin: PROJECT_STATUSES,
  project_manager: PROJECT_STATUSES,
  installer: ['proposal_accepted', 'installation_scheduled', 'installed'],
  roof_inspector: ['quote_requested', 'inspection_scheduled', 'inspected'],
  client_residential: [],
  client_commercial: [],
  supplier: [],
};

const missing = '3f2a9c1e-4b7d-4e8f-9a6b-1c2d3e4f5a6b';

describe.each(databaseKinds)('pipeline rules for every role on %s', (kind) => {
  let server: TestServer;
  let users: Record<RoleKey, PipelineUser>;
  let stranger: PipelineUser;

  beforeAll(async () => {
    server = await startTestServer(kind, { PROJECTS_RATE_LIMIT: '100000' });
    const entries: [RoleKey, PipelineUser][] = [];
    for (const role of ROLE_KEYS) entries.push([role, await userOf(server, role)]);
    users = Object.fromEntries(entries) as Record<RoleKey, PipelineUser>;
    stranger = await userOf(server, 'client_commercial', 'Stranger Owner');
  });
  afterAll(async () => {
    await server?.settleMail();
    await server?.close();
  });

  const state = async (id: string) => {
    const { db } = server.database;
    const [row] = await db.select().from(projects).where(eq(projects.id, id));
    const [events] = await db
      .select({ n: count() })
      .from(projectStatusEvents)
      .where(eq(projectStatusEvents.projectId, id));
    const [audit] = await db.select({ n: count() }).from(auditLog).where(eq(auditLog.targetId, id));
    return { row, events: events!.n, audit: audit!.n };
  };

  /** Tries `action` as `caller` on a project of `owner` in `status`; checks the answer. */
  async function attempt(
    caller: PipelineUser,
    owner: PipelineUser,
    action: PipelineAction,
    status: ProjectStatus,
    expected: number,
  ) {
    const id = await projectOf(server, owner);
    await putInStatus(server, id, status);
    const before = await state(id);
    const answer = await transition(server, caller, id, bodyFor(action));
    const what = `${caller.role} ${action} on ${owner === caller ? 'own' : "other's"} ${status}`;
    expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(expected);
    if (expected === 200) {
      expect(answer.body.status, what).toBe(PIPELINE_RULES[action].to);
      const after = await state(id);
      expect([after.events, after.audit], what).toEqual([before.events + 1, before.audit + 1]);
      return;
    }
    expect(await state(id), what).toEqual(before);
    const code = { 403: 'forbidden', 404: 'not_found', 409: 'invalid_transition' }[expected];
    expect(answer.body.code, what).toBe(code);
    if (expected === 404) {
      // Exactly the answer to an id that does not exist.
      const unknown = await transition(server, caller, missing, bodyFor(action));
      expect(answer.body, what).toEqual(unknown.body);
    }
  }

  it.each(ROLE_KEYS)('%s on their own project', async (role) => {
    for (const [i, action] of PIPELINE_ACTIONS.entries()) {
      await attempt(users[role], users[role], action, FROM[action], OWN[role][i]!);
    }
  });

  it.each(ROLE_KEYS)("%s on someone else's project", async (role) => {
    for (const [i, action] of PIPELINE_ACTIONS.entries()) {
      await attempt(users[role], stranger, action, FROM[action], OTHERS[role][i]!);
    }
  });

  it.each(ROLE_KEYS)(
    '%s on an installed project: 409 for what they may do, own or not',
    async (role) => {
      for (const [i, action] of PIPELINE_ACTIONS.entries()) {
        const own = OWN[role][i] === 200 ? 409 : 403;
        await attempt(users[role], users[role], action, 'installed', own);
        await attempt(users[role], stranger, action, 'installed', OTHERS_INSTALLED[role][i]!);
      }
    },
  );

  it.each(ROLE_KEYS)(
    "%s sees the statuses of other people's projects their flags bring into view",
    async (role) => {
      const caller = users[role];
      for (const status of PROJECT_STATUSES) {
        const id = await projectOf(server, stranger);
        await putInStatus(server, id, status);
        const sees = SEES[role].includes(status);
        const pipeline = await call(server, 'GET', `/projects/${id}/pipeline`, {
          token: caller.token,
        });
        expect(pipeline.status, `${role} ${status}`).toBe(sees ? 200 : 404);
        const project = await call(server, 'GET', `/projects/${id}`, { token: caller.token });
        expect(project.status, `${role} ${status}`).toBe(sees ? 200 : 404);
        if (sees) {
          // Seeing is not editing: that stays canEditProjects (admin, project manager).
          const put = await call(server, 'PUT', `/projects/${id}`, {
            token: caller.token,
            body: { isDraft: false },
          });
          const edits = role === 'admin' || role === 'project_manager';
          expect(put.status, `${role} edits ${status}`).toBe(edits ? 200 : 403);
        }
      }
    },
  );
});
