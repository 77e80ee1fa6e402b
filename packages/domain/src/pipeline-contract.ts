/**
 * The project pipeline's HTTP shapes: what `GET
 * /projects/{id}/pipeline`, `GET /projects/pipeline` and `POST /projects/{id}/transitions`
 * answer and accept, the request schemas the server validates with, and the messages of
 * their errors. Units are in the names: m² for roof area, dates as `YYYY-MM-DD` (the
 * business's local calendar day), instants as ISO 8601 strings.
 *
 * Endpoints (all need a signed-in user; visibility and actions follow pipeline.ts):
 * - `GET /projects/pipeline?pageNumber&pageSize&sortBy&descending&searchTerm&status` ->
 *   200 `Page<ProjectListItem>` of the projects the caller may see (own, plus the statuses
 *   their flags bring into view); 400 with field errors.
 * - `GET /projects/{id}/pipeline` -> 200 {@link ProjectPipeline}; 404 if not visible.
 * - `POST /projects/{id}/transitions` {@link ProjectTransitionRequest} -> 200
 *   {@link ProjectPipeline}; 400 field errors; 403 `forbidden` when the caller sees the
 *   project but may not take the action; 404; 409 `invalid_transition` when the project's
 *   status does not allow it (someone else moved it first).
 * - `POST /projects/{id}/photos` multipart `file` (JPEG, PNG or WebP under 10 MB) -> 201
 *   {@link InspectionPhoto}; 413, 415 as the bill upload; 403 without canScheduleInspections;
 *   409 `invalid_transition` outside the inspection statuses (canAddInspectionPhotos);
 *   409 `too_many_photos` past {@link MAX_INSPECTION_PHOTOS}.
 * - `GET /projects/{id}/photos/{photoId}` -> the image bytes with their type.
 * - `PUT /projects/{id}/assignees` {@link projectAssigneesRequestSchema} -> 200
 *   {@link ProjectAssignees}; 400 field errors; 403 without canViewAllProjects; 404.
 * - `GET /staff` -> 200 {@link AssignableStaff}; 403 without canViewAllProjects.
 * - `GET /projects/{id}/proposal.pdf?locale=en|es|ru` -> `application/pdf`, the proposal.
 */
import { LOCALES } from './constants.ts';
import { z } from './internal/zod.ts';
import { booleanField, LIMITS, queryValue, strict, text } from './internal/fields.ts';
import { pipelineMessages, validationMessages as v } from './messages.ts';
import { CONFIG_ROOF_TYPES, type ConfigRoofType } from './system-configuration.ts';
import {
  INSPECTION_LIMITS,
  PIPELINE_ACTIONS,
  PIPELINE_RULES,
  PROJECT_SORT_FIELDS,
  PROJECT_STATUSES,
  type PipelineAction,
  type ProjectStatus,
} from './pipeline.ts';
import { isCalendarDate } from './pipeline-dates.ts';

/** The roof findings an inspector records. */
export interface RoofInspection {
  readonly roofType: ConfigRoofType;
  /** Usable roof area, m². */
  readonly roofAreaM2: number;
  /** Trees, chimneys, neighbouring buildings; may be empty. */
  readonly shadingNotes: string;
}

/** One status change of a project (its history, oldest first). */
export interface ProjectStatusEvent {
  readonly id: string;
  /** Null for the project's creation. */
  readonly from: ProjectStatus | null;
  readonly to: ProjectStatus;
  /** The action that made the change; null for the creation. */
  readonly action: PipelineAction | null;
  /** Who made it (null when that account was deleted). */
  readonly actorName: string | null;
  readonly note: string | null;
  /** ISO 8601 instant. */
  readonly at: string;
}

/** A roof photo's metadata (its bytes at `GET /projects/{id}/photos/{photoId}`). */
export interface InspectionPhoto {
  readonly id: string;
  readonly contentType: 'image/jpeg' | 'image/png' | 'image/webp';
  /** Bytes. */
  readonly size: number;
  readonly createdAt: string;
}

/** A project's place in the pipeline, as `GET /projects/{id}/pipeline` answers it. */
export interface ProjectPipeline {
  readonly projectId: string;
  readonly status: ProjectStatus;
  /** `YYYY-MM-DD` or null. */
  readonly inspectionDate: string | null;
  /** `YYYY-MM-DD` or null. */
  readonly installationDate: string | null;
  readonly inspection: RoofInspection | null;
  readonly photos: readonly InspectionPhoto[];
  readonly history: readonly ProjectStatusEvent[];
  /** The actions the caller may take now (pipeline.ts availableActions). */
  readonly actions: readonly PipelineAction[];
  /** The owner (the client), for staff views. */
  readonly owner: { readonly id: string; readonly name: string; readonly email: string };
  /**
   * Who is assigned (`PUT /projects/{id}/assignees`): each null for none
   * (docs/product.md#project-assignment).
   */
  readonly assignees: ProjectPipelineAssignees;
}

/** A person assigned to a project, as its pipeline names them. */
export interface ProjectAssignee {
  readonly id: string;
  readonly name: string;
}

/** The assigned roof inspector and installer of a project; null for none. */
export interface ProjectPipelineAssignees {
  readonly roofInspector: ProjectAssignee | null;
  readonly installer: ProjectAssignee | null;
}

/** One account a project manager may assign (`GET /staff`). */
export interface StaffMember {
  readonly id: string;
  readonly name: string;
  readonly email: string;
}

/**
 * `GET /staff` (canViewAllProjects): the active accounts that can be assigned to a
 * project, each list sorted by name (docs/product.md#project-assignment).
 */
export interface AssignableStaff {
  readonly roofInspectors: readonly StaffMember[];
  readonly installers: readonly StaffMember[];
}

/** One row of the pipeline list. */
export interface ProjectListItem {
  readonly id: string;
  readonly address: string;
  readonly status: ProjectStatus;
  readonly ownerId: string;
  readonly ownerName: string;
  readonly ownerEmail: string;
  /** Peak power, kW DC, from the saved configuration; null for a location-only draft. */
  readonly systemSizeKw: number | null;
  readonly inspectionDate: string | null;
  readonly installationDate: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

const m = pipelineMessages;
const dateField = z
  .string({ error: m.dateRequired.id })
  .min(1, m.dateRequired.id)
  .refine(isCalendarDate, m.dateInvalid.id);
const notesField = text(m.notesTooLong.id)
  .trim()
  .max(INSPECTION_LIMITS.notesMax, m.notesTooLong.id);

/** The roof findings as sent. */
export const roofInspectionSchema = strict(
  {
    roofType: z.enum(CONFIG_ROOF_TYPES, { error: m.roofTypeRequired.id }),
    roofAreaM2: z
      .number({ error: m.roofArea.id })
      .min(INSPECTION_LIMITS.roofAreaM2.min, m.roofArea.id)
      .max(INSPECTION_LIMITS.roofAreaM2.max, m.roofArea.id),
    shadingNotes: notesField.default(''),
  },
  m.inspectionRequired.id,
);

/**
 * `POST /projects/{id}/transitions`: the action; `date` for an action whose rule needs one
 * (scheduleInspection, scheduleInstallation), `inspection` for one that needs the findings
 * (recordInspection); missing ones are 400 on that field; an optional note for the history.
 */
export const projectTransitionRequestSchema = strict({
  action: z.enum(PIPELINE_ACTIONS, { error: m.action.id }),
  date: dateField.optional(),
  inspection: roofInspectionSchema.optional(),
  note: notesField.optional(),
}).superRefine((body, ctx) => {
  const { needs } = PIPELINE_RULES[body.action];
  if (needs === 'date' && !body.date) {
    ctx.addIssue({ code: 'custom', path: ['date'], message: m.dateRequired.id });
  }
  if (needs === 'inspection' && !body.inspection) {
    ctx.addIssue({ code: 'custom', path: ['inspection'], message: m.inspectionRequired.id });
  }
});
/** The transition request body. */
export type ProjectTransitionRequest = z.input<typeof projectTransitionRequestSchema>;

/** `GET /projects/pipeline` query: paging and sort as the user list; optional search and status. */
export const projectPipelineQuerySchema = strict({
  pageNumber: queryValue(z.int({ error: v.pageNumber.id }).min(1, v.pageNumber.id).default(1)),
  pageSize: queryValue(
    z.int({ error: v.pageSize.id }).min(1, v.pageSize.id).max(100, v.pageSize.id).default(10),
  ),
  sortBy: queryValue(z.enum(PROJECT_SORT_FIELDS, { error: m.sortBy.id }).default('updatedAt')),
  descending: queryValue(booleanField().default(true)),
  searchTerm: text(v.invalidValue.id)
    .trim()
    .max(LIMITS.searchMax, v.searchTooLong.id)
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  status: queryValue(z.enum(PROJECT_STATUSES, { error: m.status.id }).optional()),
  /** `me`: the projects the caller is assigned to come first (then the sort). */
  assignedTo: queryValue(z.literal('me', { error: m.assignedTo.id }).optional()),
});
/** The pipeline list query after defaults. */
export type ProjectPipelineQuery = z.output<typeof projectPipelineQuerySchema>;

/** `GET /projects/{id}/proposal.pdf` query: the language of the PDF (default en). */
export const proposalPdfQuerySchema = strict({
  locale: z.enum(LOCALES, { error: v.locale.id }).default('en'),
});

const ASSIGNEE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const assigneeField = z
  .string({ error: m.assigneeId.id })
  .regex(ASSIGNEE_ID, m.assigneeId.id)
  .transform((id) => id.toLowerCase())
  .nullable();

/**
 * `PUT /projects/{id}/assignees` (canViewAllProjects): the project's roof inspector and
 * installer, each a user id or null for none. Each must be an active account of that role
 * (checked by the server: 400 `pipeline.roofInspectorRole` / `pipeline.installerRole`).
 */
export const projectAssigneesRequestSchema = strict({
  roofInspectorId: assigneeField,
  installerId: assigneeField,
});
/** The assignees of a project (request body and answer). */
export interface ProjectAssignees {
  readonly roofInspectorId: string | null;
  readonly installerId: string | null;
}
