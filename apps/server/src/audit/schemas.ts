/**
 * The audit log's answers as zod schemas, for the OpenAPI document only (the routes'
 * `answers`, openapi.ts): `AuditEvent` and `AuditEventPage`, each checked against the
 * domain's type (`satisfies`).
 */
import { AUDIT_TARGET_TYPES, type AuditEvent, type UserListResponse } from '@solar/domain';
import { z } from 'zod';
import { named, pageSchema } from '../openapi.ts';

export const auditEventSchema = named(
  z.object({
    id: z.string(),
    actorId: z
      .string()
      .nullable()
      .describe('Who made the change; null for the system or a deleted account'),
    actorName: z.string().nullable().describe("The actor's name now; null when unknown"),
    action: z
      .string()
      .describe('`<targetType>.<verb>`, e.g. `user.update`, `project.recordInspection`'),
    targetType: z.enum(AUDIT_TARGET_TYPES).nullable(),
    targetId: z.string().nullable(),
    before: z.unknown().describe("The target's audited fields before the change (null when none)"),
    after: z.unknown().describe("The target's audited fields after the change (null when none)"),
    at: z.string().describe('ISO 8601, UTC'),
  }),
  'AuditEvent',
) satisfies z.ZodType<AuditEvent>;

export const auditEventPageSchema = named(
  pageSchema(auditEventSchema),
  'AuditEventPage',
) satisfies z.ZodType<UserListResponse<AuditEvent>>;
