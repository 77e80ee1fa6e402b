/**
 * The pipeline answers as zod schemas (domain pipeline-contract.ts), for
 * the routes' response serialization and the OpenAPI document. Each is checked against its
 * domain type (`satisfies`), so a change of the contract the document does not follow fails
 * the typecheck.
 */
import {
  CONFIG_ROOF_TYPES,
  PIPELINE_ACTIONS,
  PROJECT_STATUSES,
  type AssignableStaff,
  type InspectionPhoto,
  type ProjectAssignees,
  type ProjectListItem,
  type ProjectPipeline,
  type ProjectStatusEvent,
  type RoofInspection,
  type UserListResponse,
} from '@solar/domain';
import { z } from 'zod';
import { named, pageSchema } from '../openapi.ts';

const isoTime = z.string().describe('ISO 8601, UTC');
const calendarDay = z.string().describe('YYYY-MM-DD');
const status = z.enum(PROJECT_STATUSES);

export const inspectionPhotoSchema = named(
  z.object({
    id: z.string(),
    contentType: z.enum(['image/jpeg', 'image/png', 'image/webp']),
    size: z.number().int().describe('Bytes'),
    createdAt: isoTime,
  }),
  'InspectionPhoto',
) satisfies z.ZodType<InspectionPhoto>;

const roofInspectionSchema = z.object({
  roofType: z.enum(CONFIG_ROOF_TYPES),
  roofAreaM2: z.number().describe('Usable roof area, m²'),
  shadingNotes: z.string(),
}) satisfies z.ZodType<RoofInspection>;

const statusEventSchema = z.object({
  id: z.string(),
  from: status.nullable().describe('Null for the creation'),
  to: status,
  action: z.enum(PIPELINE_ACTIONS).nullable().describe('Null for the creation'),
  actorName: z.string().nullable().describe('Null once that account was deleted'),
  note: z.string().nullable(),
  at: isoTime,
}) satisfies z.ZodType<ProjectStatusEvent>;

const assigneeSchema = z
  .object({ id: z.string(), name: z.string() })
  .readonly()
  .nullable()
  .describe('Null for none');

export const projectPipelineSchema = named(
  z.object({
    projectId: z.string(),
    status,
    inspectionDate: calendarDay.nullable(),
    installationDate: calendarDay.nullable(),
    inspection: roofInspectionSchema.nullable(),
    photos: z.array(inspectionPhotoSchema).readonly(),
    history: z.array(statusEventSchema).readonly().describe('Oldest first'),
    actions: z.array(z.enum(PIPELINE_ACTIONS)).readonly().describe('What the caller may do now'),
    owner: z.object({ id: z.string(), name: z.string(), email: z.string() }).readonly(),
    assignees: z
      .object({ roofInspector: assigneeSchema, installer: assigneeSchema })
      .readonly()
      .describe('The assigned roof inspector and installer'),
  }),
  'ProjectPipeline',
) satisfies z.ZodType<ProjectPipeline>;

const projectListItemSchema = z.object({
  id: z.string(),
  address: z.string(),
  status,
  ownerId: z.string(),
  ownerName: z.string(),
  ownerEmail: z.string(),
  systemSizeKw: z.number().nullable().describe('kW DC'),
  inspectionDate: calendarDay.nullable(),
  installationDate: calendarDay.nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
}) satisfies z.ZodType<ProjectListItem>;

export const projectPageSchema = pageSchema(projectListItemSchema) satisfies z.ZodType<
  UserListResponse<ProjectListItem>
>;

/** `PUT /projects/{id}/assignees` answer: the project's roof inspector and installer. */
export const projectAssigneesSchema = named(
  z.object({
    roofInspectorId: z.string().nullable().describe('The assigned roof inspector; null for none'),
    installerId: z.string().nullable().describe('The assigned installer; null for none'),
  }),
  'ProjectAssignees',
) satisfies z.ZodType<ProjectAssignees>;

const staffMemberSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** `GET /staff` answer: the active accounts a project manager may assign, sorted by name. */
export const assignableStaffSchema = named(
  z.object({
    roofInspectors: z.array(staffMemberSchema).readonly().describe('Sorted by name'),
    installers: z.array(staffMemberSchema).readonly().describe('Sorted by name'),
  }),
  'AssignableStaff',
) satisfies z.ZodType<AssignableStaff>;
