/**
 * The project pipeline's reads and status changes (domain pipeline.ts and
 * pipeline-contract.ts). A transition is one transaction under the project's row lock: the
 * access verdict on the locked row (404 unseen, 403 not the role's, 409
 * `invalid_transition` when the status moved on), the project's new status and dates, a
 * project_status_events row, an audit_log row (like the admin's user changes) and the
 * owner's status mail as a job of the outbox (mail/outbox.ts: sent in their language, with
 * the scheduled day, retried; a mail failure never fails the transition, and the mail is
 * never lost nor sent for a change that rolled back). After the commit the mail goes out
 * and the listeners (events.ts) hear the change.
 */
import {
  availableActions,
  isPipelineStaff,
  isSignedIn,
  messageText,
  permissionsFor,
  PIPELINE_RULES,
  pipelineMessages,
  scheduledDateField,
  transitionDateErrors,
  userTypeToRole,
  visibleStatuses,
  type AssignableStaff,
  type ProjectAssignees,
  type ProjectPipeline,
  type ProjectPipelineQuery,
  type ScheduledDateField,
  type projectTransitionRequestSchema,
} from '@solar/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import { auditLog, users } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { seesProject, transitionAccess, type ProjectCaller } from './access.ts';
import { notifyListeners, type ListenerLog, type PipelineListener } from './events.ts';
import { addParticipant, isParticipant } from './participants.ts';
import {
  assignableStaff,
  assigneesOf,
  historyOf,
  listPipeline,
  lockProject,
  ownerOf,
  photosOf,
} from './pipeline-repository.ts';
import { projects, projectStatusEvents, type ProjectRow } from './schema.ts';
import { isProjectId } from './repository.ts';
import { forbidden, notFound } from './service.ts';

/** Who makes a change, for the audit log. */
export interface PipelineActor extends ProjectCaller {
  /** The client address of the request (request.ip). */
  clientAddress: string;
}

/** What the pipeline service needs. */
export interface PipelineServiceDeps {
  db: Db;
  /** The clock of the token expiry check, epoch ms. */
  now?: () => number;
  /** The outbox of the owner's status mail (none: no mail). */
  mail?: MailOutbox | undefined;
  listeners?: readonly PipelineListener[];
  log?: ListenerLog;
}

/** A 409 with one of the pipeline's codes (pipeline-contract.ts). */
export const pipelineConflict = (code: 'invalid_transition' | 'too_many_photos', message: string) =>
  new HttpError(409, code, message);

/** 409 `invalid_transition`: the project's status does not allow the action (any more). */
export const invalidTransition = () =>
  pipelineConflict('invalid_transition', pipelineMessages.invalidTransition.defaultMessage);

/**
 * 400 `validation_failed` for a schedule in the past (domain pipeline-contract.ts
 * transitionDateErrors): `errors` maps the field to its English message.
 */
export const pastDate = (errors: Record<string, string>) => {
  const texts = Object.fromEntries(
    Object.entries(errors).map(([field, id]) => [field, messageText(id)]),
  );
  return new HttpError(400, 'validation_failed', Object.values(texts)[0]!, { errors: texts });
};

/** The fields of a project the audit log keeps before and after a change. */
export const auditView = (row: ProjectRow) => ({
  status: row.status,
  inspectionDate: row.inspectionDate,
  installationDate: row.installationDate,
  inspection: row.inspection ?? null,
});

/** A validated transition body. */
export type Transition = z.output<typeof projectTransitionRequestSchema>;

/** The pipeline service (see the file comment). */
export function createPipelineService({
  db,
  now = Date.now,
  mail,
  listeners = [],
  log = { error: () => {} },
}: PipelineServiceDeps) {
  const roleOf = (caller: ProjectCaller) =>
    isSignedIn({ role: caller.role, expiresAt: caller.exp }, now()) ? caller.role : null;

  /** The pipeline of `row` as `caller` sees it (their actions included). */
  async function pipelineOf(caller: ProjectCaller, row: ProjectRow): Promise<ProjectPipeline> {
    const [owner, history, photos, assignees] = await Promise.all([
      ownerOf(db, row.userId),
      historyOf(db, row.id),
      photosOf(db, row.id),
      assigneesOf(db, row),
    ]);
    return {
      projectId: row.id,
      status: row.status,
      inspectionDate: row.inspectionDate,
      installationDate: row.installationDate,
      inspection: row.inspection ?? null,
      photos,
      history,
      actions: availableActions(roleOf(caller), caller.userId === row.userId, row.status),
      owner,
      assignees,
    };
  }

  /** The row of project `id` if the caller sees it; 404 otherwise. */
  async function visibleRow(caller: ProjectCaller, id: string): Promise<ProjectRow> {
    if (!isProjectId(id)) throw notFound();
    const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
    if (!row) throw notFound();
    const facts = { ownerId: row.userId, status: row.status };
    if (seesProject(caller, facts, now())) return row;
    const participant =
      caller.userId !== row.userId && (await isParticipant(db, id, caller.userId));
    if (!seesProject(caller, { ...facts, participant }, now())) throw notFound();
    return row;
  }

  /**
   * Queues the owner's status mail inside the transition's transaction `tx`: the status,
   * the address, the scheduled day of an inspection or installation, the project's link.
   * The owner's name and language are read when it is sent.
   */
  async function mailOwner(tx: Db, row: ProjectRow) {
    if (!mail) return;
    const [owner] = await tx.select().from(users).where(eq(users.id, row.userId)).limit(1);
    if (!owner) return;
    const dateField = scheduledDateField(row.status);
    const date = dateField ? row[dateField] : null;
    await mail.enqueue(
      {
        kind: 'projectStatus',
        to: { userId: owner.id, email: owner.email, name: owner.name, locale: owner.locale },
        variables: {
          status: row.status,
          address: row.location.address,
          projectId: row.id,
          ...(date ? { date } : {}),
        },
      },
      { executor: tx },
    );
  }

  /**
   * 400 field errors unless each given assignee is an active account of its role
   * (`roofInspectorId`: roof_inspector, `installerId`: installer).
   */
  async function checkAssignees(body: ProjectAssignees) {
    const errors: Record<string, string> = {};
    const wanted = [
      ['roofInspectorId', 'roof_inspector', pipelineMessages.roofInspectorRole],
      ['installerId', 'installer', pipelineMessages.installerRole],
    ] as const;
    for (const [field, role, message] of wanted) {
      const id = body[field];
      if (id === null) continue;
      const [user] = await db
        .select({ userType: users.userType, isActive: users.isActive })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      if (!user || !user.isActive || userTypeToRole(user.userType) !== role) {
        errors[field] = message.defaultMessage;
      }
    }
    const first = Object.values(errors)[0];
    if (first) throw new HttpError(400, 'validation_failed', first, { errors });
  }

  return {
    /**
     * `PUT /projects/{id}/assignees`: sets the project's roof inspector and installer
     * (canViewAllProjects: 403 otherwise; 404 unseen; 400 when one is not an active account
     * of its role) with an audit row `project.assign`; each newly assigned person is mailed
     * in their language through the outbox, in the same transaction.
     */
    async assign(
      actor: PipelineActor,
      id: string,
      body: ProjectAssignees,
    ): Promise<ProjectAssignees> {
      await visibleRow(actor, id);
      if (!permissionsFor(roleOf(actor)).canViewAllProjects) throw forbidden();
      await checkAssignees(body);
      const answer = await db.transaction(async (tx) => {
        const row = await lockProject(tx, id);
        if (!row) throw notFound();
        const before = { roofInspectorId: row.roofInspectorId, installerId: row.installerId };
        await tx
          .update(projects)
          .set({ ...body, updatedAt: new Date() })
          .where(eq(projects.id, id));
        await tx.insert(auditLog).values({
          actorId: actor.userId,
          action: 'project.assign',
          targetId: id,
          before,
          after: body,
          clientAddress: actor.clientAddress,
        });
        const duties = [
          ['roofInspector', body.roofInspectorId, before.roofInspectorId],
          ['installer', body.installerId, before.installerId],
        ] as const;
        for (const [duty, now, was] of duties) {
          if (!mail || now === null || now === was) continue;
          const [person] = await tx.select().from(users).where(eq(users.id, now)).limit(1);
          if (!person) continue;
          await mail.enqueue(
            {
              kind: 'projectAssigned',
              to: {
                userId: person.id,
                email: person.email,
                name: person.name,
                locale: person.locale,
              },
              variables: { duty, address: row.location.address, projectId: row.id },
            },
            { executor: tx },
          );
        }
        return { roofInspectorId: body.roofInspectorId, installerId: body.installerId };
      });
      mail?.wake();
      return answer;
    },

    /**
     * `GET /staff`: the active roof inspectors and installers a project manager may assign
     * (docs/product.md#project-assignment); 403 without canViewAllProjects.
     */
    async staff(caller: ProjectCaller): Promise<AssignableStaff> {
      if (!permissionsFor(roleOf(caller)).canViewAllProjects) throw forbidden();
      return assignableStaff(db);
    },

    /** `GET /projects/{id}/pipeline`: 404 when the caller may not see the project. */
    async get(caller: ProjectCaller, id: string): Promise<ProjectPipeline> {
      return pipelineOf(caller, await visibleRow(caller, id));
    },

    /** `GET /projects/pipeline`: the caller's own projects plus those their role sees. */
    list(caller: ProjectCaller, query: ProjectPipelineQuery) {
      const role = roleOf(caller);
      return listPipeline(db, caller.userId, visibleStatuses(role), query, isPipelineStaff(role));
    },

    /**
     * `POST /projects/{id}/transitions`: takes `body.action` (see the file comment) and
     * answers the project's pipeline as the caller now sees it. 403, 404, 409.
     */
    async transition(actor: PipelineActor, id: string, body: Transition): Promise<ProjectPipeline> {
      if (!isProjectId(id)) throw notFound();
      const rule = PIPELINE_RULES[body.action];
      const { before, after } = await db.transaction(async (tx) => {
        const row = await lockProject(tx, id);
        if (!row) throw notFound();
        const participant =
          actor.userId !== row.userId && (await isParticipant(tx, id, actor.userId));
        const facts = { ownerId: row.userId, status: row.status, participant };
        const verdict = transitionAccess(actor, facts, body.action, now());
        if (verdict === 'not_found') throw notFound();
        if (verdict === 'forbidden') throw forbidden();
        if (verdict === 'invalid_transition') throw invalidTransition();
        const dateErrors = transitionDateErrors(body, now());
        if (dateErrors) throw pastDate(dateErrors);
        const [updated] = await tx
          .update(projects)
          .set({
            status: rule.to,
            ...(rule.needs === 'date'
              ? ({ [rule.dateField]: body.date! } as Partial<Record<ScheduledDateField, string>>)
              : {}),
            ...(rule.needs === 'inspection'
              ? {
                  inspection: {
                    roofType: body.inspection!.roofType,
                    roofAreaM2: body.inspection!.roofAreaM2,
                    shadingNotes: body.inspection!.shadingNotes ?? '',
                  },
                }
              : {}),
            updatedAt: new Date(),
          })
          .where(eq(projects.id, id))
          .returning();
        await tx.insert(projectStatusEvents).values({
          projectId: id,
          fromStatus: row.status,
          toStatus: rule.to,
          action: body.action,
          actorId: actor.userId,
          note: body.note ? body.note : null,
        });
        await addParticipant(tx, row, actor.userId);
        await tx.insert(auditLog).values({
          actorId: actor.userId,
          action: `project.${body.action}`,
          targetId: id,
          before: auditView(row),
          after: auditView(updated!),
          clientAddress: actor.clientAddress,
        });
        await mailOwner(tx, updated!);
        return { before: row, after: updated! };
      });
      mail?.wake();
      await notifyListeners(
        listeners,
        {
          projectId: id,
          ownerId: after.userId,
          from: before.status,
          to: after.status,
          action: body.action,
          at: after.updatedAt,
        },
        log,
      );
      return pipelineOf(actor, after);
    },
  };
}

/** The service's type. */
export type PipelineService = ReturnType<typeof createPipelineService>;
