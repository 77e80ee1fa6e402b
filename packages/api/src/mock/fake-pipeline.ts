/**
 * The fake's project pipeline (the contract in domain pipeline-contract.ts):
 * the list of the projects a caller may see (search, status filter, sort, pages), one
 * project's pipeline with the caller's actions, and the transitions that move it. Who sees
 * and who may act is decided by domain pipeline.ts: not visible -> 404 `not_found`, visible
 * but not the caller's action -> 403 `forbidden`, the caller's action but not from this
 * status -> 409 `invalid_transition`. Each change appends a history event and "mails" the
 * owner (the outbox). A schedule for a day before the fake's today is 400 on `date` (domain
 * transitionDateErrors). A project manager assigns the roof inspector and installer (each
 * an active account of that role, else 400 at the field) and lists who can be assigned
 * (`GET /staff`), as docs/product.md#project-assignment says. Photos and the proposal PDF
 * are fake-pipeline-files.ts.
 */
import type { Project } from '@solar/domain/contract';
import { errorBody } from '@solar/domain/errors';
import { messageText } from '@solar/domain/message-text';
import { pipelineMessages } from '@solar/domain/messages';
import { toPage } from '@solar/domain/paging';
import { permissionsFor } from '@solar/domain/permissions';
import {
  availableActions,
  canSeeProject,
  PIPELINE_RULES,
  PROJECT_STATUSES,
  type PipelineAction,
  type ProjectStatus,
} from '@solar/domain/pipeline';
import {
  projectAssigneesRequestSchema,
  projectPipelineQuerySchema,
  projectTransitionRequestSchema,
  type AssignableStaff,
  type InspectionPhoto,
  type ProjectListItem,
  type ProjectPipeline,
  type ProjectStatusEvent,
  type RoofInspection,
} from '@solar/domain/pipeline-contract';
import { transitionDateErrors } from '@solar/domain/pipeline-dates';
import { parseConfiguration } from '@solar/domain/system-configuration';
import { recordAudit } from './fake-audit.ts';
import { ok, parse, Refusal, refuse, reply, type FakeReply } from './reply.ts';
import { roleOf, type FakeStore, type FakeUser } from './store.ts';

/** A stored roof photo: its metadata and bytes. */
export interface FakePhoto {
  readonly meta: InspectionPhoto;
  readonly bytes: Uint8Array;
}

/** A stored history event: the actor by id (their name is read when answering). */
export interface FakeStatusEvent extends Omit<ProjectStatusEvent, 'actorName'> {
  readonly actorId: string | null;
}

/** A project's pipeline state in the store. */
export interface FakePipelineRecord {
  status: ProjectStatus;
  inspectionDate: string | null;
  installationDate: string | null;
  inspection: RoofInspection | null;
  photos: FakePhoto[];
  history: FakeStatusEvent[];
  /** The assigned roof inspector's user id (absent or null: none). */
  roofInspectorId?: string | null;
  /** The assigned installer's user id (absent or null: none). */
  installerId?: string | null;
}

/** The pipeline calls of the fake; `auth` is the Authorization header. */
export interface FakePipeline {
  /** `GET /projects/pipeline`: `Page<ProjectListItem>` of the projects the caller may see. */
  listPipeline(auth: string | null, query: Record<string, string>): FakeReply;
  /** `GET /projects/{id}/pipeline`: 200 `ProjectPipeline`; 404 when not visible. */
  getPipeline(auth: string | null, id: string): FakeReply;
  /** `POST /projects/{id}/transitions`: 200 `ProjectPipeline`; 400, 403, 404, 409. */
  transition(auth: string | null, id: string, body: unknown): FakeReply;
  /** `PUT /projects/{id}/assignees`: 200 `ProjectAssignees`; 400, 403, 404. */
  assignProject(auth: string | null, id: string, body: unknown): FakeReply;
  /** `GET /staff`: 200 `AssignableStaff`; 403 without canViewAllProjects. */
  listStaff(auth: string | null): FakeReply;
}

/** Ends the current fake call with a 400 `validation_failed` of `errors` (field -> text). */
function refuseFields(errors: Record<string, string>): never {
  throw new Refusal({
    status: 400,
    body: errorBody('validation_failed', Object.values(errors)[0]!, errors),
  });
}

/** Ends the current fake call with a 409 of a pipeline code (not one of the generic codes). */
export function conflict(code: string, message: string): never {
  throw new Refusal({ status: 409, body: { message, code } });
}

/** A new project's pipeline: `draft`, with the creation event {from: null, to: 'draft'}. */
export function startPipeline(store: FakeStore, project: Project, actor: FakeUser): void {
  store.pipelines.set(project.id, {
    status: 'draft',
    inspectionDate: null,
    installationDate: null,
    inspection: null,
    photos: [],
    history: [
      {
        id: store.newId(),
        from: null,
        to: 'draft',
        action: null,
        actorId: actor.id,
        note: null,
        at: project.createdAt,
      },
    ],
  });
}

/** The pipeline state of a project (a project without one is a draft with no history). */
export function pipelineOf(store: FakeStore, projectId: string): FakePipelineRecord {
  let record = store.pipelines.get(projectId);
  if (!record) {
    record = {
      status: 'draft',
      inspectionDate: null,
      installationDate: null,
      inspection: null,
      photos: [],
      history: [],
    };
    store.pipelines.set(projectId, record);
  }
  return record;
}

/**
 * Whether `userId` took part in the project of `record` (a history event of theirs): staff
 * keep reading those (domain pipeline.ts canSeeProject), as the server's
 * project_participants rows say.
 */
export function tookPart(record: FakePipelineRecord, userId: string): boolean {
  return record.history.some((event) => event.actorId === userId);
}

/** The project `user` may see with its pipeline state, or a 404 refusal (as an unknown id). */
export function visibleProject(store: FakeStore, user: FakeUser, id: string) {
  const project = store.projects.get(id);
  if (!project) refuse(404, 'not_found', pipelineMessages.notFound.defaultMessage);
  const record = pipelineOf(store, id);
  const isOwner = project.userId === user.id;
  if (!canSeeProject(roleOf(user), isOwner, record.status, tookPart(record, user.id)))
    refuse(404, 'not_found', pipelineMessages.notFound.defaultMessage);
  return { project, record, isOwner };
}

/**
 * Applies `action` to a project's state (no checks): the status, the date or findings it
 * carries, one history event by `actorId` at `at`, and the project's `updatedAt`.
 */
export function applyTransition(
  store: FakeStore,
  project: Project,
  record: FakePipelineRecord,
  change: {
    action: PipelineAction;
    actorId: string;
    at: string;
    date?: string;
    inspection?: RoofInspection;
    note?: string;
  },
): void {
  const { action, date, inspection } = change;
  const from = record.status;
  const before = auditView(record);
  const rule = PIPELINE_RULES[action];
  record.status = rule.to;
  if (rule.needs === 'date' && date) record[rule.dateField] = date;
  if (rule.needs === 'inspection' && inspection) record.inspection = inspection;
  record.history.push({
    id: store.newId(),
    from,
    to: record.status,
    action,
    actorId: change.actorId,
    note: change.note ? change.note : null,
    at: change.at,
  });
  store.projects.set(project.id, { ...project, updatedAt: change.at });
  recordAudit(store, {
    actorId: change.actorId,
    action: `project.${action}`,
    targetId: project.id,
    before,
    after: auditView(record),
    at: change.at,
  });
}

/** The audited fields of a project's pipeline, as the server records them. */
const auditView = (record: FakePipelineRecord) => ({
  status: record.status,
  inspectionDate: record.inspectionDate,
  installationDate: record.installationDate,
  inspection: record.inspection,
});

/** The pipeline calls over `store`. */
export function fakePipeline(store: FakeStore): FakePipeline {
  const { users, projects } = store;

  function view(user: FakeUser, project: Project): ProjectPipeline {
    const record = pipelineOf(store, project.id);
    const owner = users.get(project.userId);
    return {
      projectId: project.id,
      status: record.status,
      inspectionDate: record.inspectionDate,
      installationDate: record.installationDate,
      inspection: record.inspection,
      photos: record.photos.map((p) => p.meta),
      history: record.history.map(({ actorId, ...event }) => ({
        ...event,
        actorName: (actorId && users.get(actorId)?.name) || null,
      })),
      actions: availableActions(roleOf(user), project.userId === user.id, record.status),
      owner: { id: project.userId, name: owner?.name ?? '', email: owner?.email ?? '' },
      assignees: {
        roofInspector: assignee(record.roofInspectorId),
        installer: assignee(record.installerId),
      },
    };
  }

  /** The assignee `{id, name}` of user `id`; null for none or a deleted account. */
  function assignee(id: string | null | undefined) {
    const person = id ? users.get(id) : undefined;
    return person ? { id: person.id, name: person.name } : null;
  }

  /** The active accounts of `role`, sorted by name (then id), as `GET /staff` lists them. */
  function staffOf(role: 'roof_inspector' | 'installer') {
    return [...users.values()]
      .filter((u) => u.isActive && roleOf(u) === role)
      .map(({ id, name, email }) => ({ id, name, email }))
      .sort((a, b) => {
        const x = a.name.toLowerCase();
        const y = b.name.toLowerCase();
        return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
      });
  }

  function listItem(project: Project): ProjectListItem {
    const record = pipelineOf(store, project.id);
    const owner = users.get(project.userId);
    return {
      id: project.id,
      address: project.location.address,
      status: record.status,
      ownerId: project.userId,
      ownerName: owner?.name ?? '',
      ownerEmail: owner?.email ?? '',
      systemSizeKw: parseConfiguration(project.configuration)?.systemSizeKw ?? null,
      inspectionDate: record.inspectionDate,
      installationDate: record.installationDate,
      createdAt: project.createdAt,
      updatedAt: project.updatedAt,
    };
  }

  /** "Mails" the owner that their project moved (the server sends it in their language). */
  function notifyOwner(project: Project, status: ProjectStatus) {
    const owner = users.get(project.userId);
    if (!owner) return;
    store.outbox.push({
      to: owner.email,
      subject: `Your Solar project is now: ${status.replaceAll('_', ' ')}`,
      link: `http://localhost/projects/${project.id}`,
    });
  }

  return {
    listPipeline: (auth, query) =>
      reply(() => {
        const user = store.authenticate(auth);
        const q = parse(projectPipelineQuerySchema, query);
        const role = roleOf(user);
        const search = q.searchTerm?.toLowerCase();
        const rows = [...projects.values()]
          .filter((p) => {
            const record = pipelineOf(store, p.id);
            return canSeeProject(
              role,
              p.userId === user.id,
              record.status,
              tookPart(record, user.id),
            );
          })
          .map(listItem)
          .filter(
            (item) =>
              (!q.status || item.status === q.status) &&
              (!search ||
                [item.address, item.ownerName, item.ownerEmail].some((v) =>
                  v.toLowerCase().includes(search),
                )),
          );
        const value = (item: ProjectListItem): string | number => {
          if (q.sortBy === 'status') return PROJECT_STATUSES.indexOf(item.status);
          const v = item[q.sortBy];
          return q.sortBy === 'address' || q.sortBy === 'ownerName' ? v.toLowerCase() : v;
        };
        const assigned = (item: ProjectListItem) => {
          if (q.assignedTo !== 'me') return 0;
          const record = pipelineOf(store, item.id);
          return record.roofInspectorId === user.id || record.installerId === user.id ? 0 : 1;
        };
        rows.sort((a, b) => {
          const first = assigned(a) - assigned(b);
          if (first !== 0) return first;
          const x = value(a);
          const y = value(b);
          const order = x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
          return q.descending ? -order : order;
        });
        const start = (q.pageNumber - 1) * q.pageSize;
        const items = rows.slice(start, start + q.pageSize);
        return ok(toPage(items, rows.length, q.pageNumber, q.pageSize));
      }),
    getPipeline: (auth, id) =>
      reply(() => {
        const user = store.authenticate(auth);
        const { project } = visibleProject(store, user, id);
        return ok(view(user, project));
      }),
    transition: (auth, id, body) =>
      reply(() => {
        const user = store.authenticate(auth);
        const input = parse(projectTransitionRequestSchema, body);
        const { project, record, isOwner } = visibleProject(store, user, id);
        const rule = PIPELINE_RULES[input.action];
        const granted = permissionsFor(roleOf(user));
        if (!((isOwner && rule.owner) || rule.flags.some((flag) => granted[flag])))
          refuse(403, 'forbidden');
        if (!rule.from.includes(record.status))
          conflict('invalid_transition', pipelineMessages.invalidTransition.defaultMessage);
        const dateErrors = transitionDateErrors(input, store.now());
        if (dateErrors)
          refuseFields(
            Object.fromEntries(
              Object.entries(dateErrors).map(([field, id]) => [field, messageText(id)]),
            ),
          );
        applyTransition(store, project, record, { ...input, actorId: user.id, at: store.iso() });
        notifyOwner(project, record.status);
        return ok(view(user, projects.get(id)!));
      }),
    assignProject: (auth, id, body) =>
      reply(() => {
        const user = store.authenticate(auth);
        const input = parse(projectAssigneesRequestSchema, body);
        const { project, record } = visibleProject(store, user, id);
        if (!permissionsFor(roleOf(user)).canViewAllProjects) refuse(403, 'forbidden');
        const errors: Record<string, string> = {};
        const wanted = [
          ['roofInspectorId', 'roof_inspector', pipelineMessages.roofInspectorRole],
          ['installerId', 'installer', pipelineMessages.installerRole],
        ] as const;
        for (const [field, role, message] of wanted) {
          const chosen = input[field] === null ? null : users.get(input[field]);
          if (chosen === null) continue;
          if (!chosen || !chosen.isActive || roleOf(chosen) !== role)
            errors[field] = message.defaultMessage;
        }
        if (Object.keys(errors).length > 0) refuseFields(errors);
        const duties = [
          ['the roof inspection', input.roofInspectorId, record.roofInspectorId],
          ['the installation', input.installerId, record.installerId],
        ] as const;
        for (const [duty, now, was] of duties) {
          const person = now === null ? undefined : users.get(now);
          if (!person || now === (was ?? null)) continue;
          store.outbox.push({
            to: person.email,
            subject: `You are assigned ${duty} at ${project.location.address}`,
            link: `http://localhost/projects/${project.id}`,
          });
        }
        record.roofInspectorId = input.roofInspectorId;
        record.installerId = input.installerId;
        store.projects.set(id, { ...project, updatedAt: store.iso() });
        return ok({ roofInspectorId: input.roofInspectorId, installerId: input.installerId });
      }),
    listStaff: (auth) =>
      reply(() => {
        const user = store.authenticate(auth);
        if (!permissionsFor(roleOf(user)).canViewAllProjects) refuse(403, 'forbidden');
        const staff: AssignableStaff = {
          roofInspectors: staffOf('roof_inspector'),
          installers: staffOf('installer'),
        };
        return ok(staff);
      }),
  };
}
