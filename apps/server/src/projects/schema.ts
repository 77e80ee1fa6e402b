/**
 * The projects tables (the OpenAPI document: the full calculator's saved projects and
 * drafts: their pipeline status, history and roof photos). drizzle-kit reads
 * every schema.ts under src/; after a change run `pnpm --filter @solar/server db:generate`
 * and commit the SQL in drizzle/.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { PIPELINE_ACTIONS, PROJECT_STATUSES } from '@solar/domain/pipeline';
import type { RoofInspection } from '@solar/domain/pipeline-contract';
import { users } from '../db/schema.ts';

/**
 * A project's location as stored: degrees (null for an address as typed, not verified),
 * the geocoder's place id when known, `addressVerified: false` for an unverified address.
 */
export interface StoredProjectLocation {
  address: string;
  latitude: number | null;
  longitude: number | null;
  placeId?: string;
  addressVerified?: false;
}

/** `bytea` as a Uint8Array (node-postgres gives a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

const statusList = sql.raw(PROJECT_STATUSES.map((s) => `'${s}'`).join(', '));
const actionList = sql.raw(PIPELINE_ACTIONS.map((a) => `'${a}'`).join(', '));

/**
 * One project of one user. `location` is `{address, latitude, longitude, placeId?}`;
 * `configuration` is the full calculator's step 2 (free-form JSON object) or null for a
 * draft that has only a location. `status` is its pipeline status (domain pipeline.ts);
 * the dates are calendar days `YYYY-MM-DD`; `inspection` the roof findings once recorded.
 * `pipedriveDealId` links the CRM deal. Deleting the user deletes their
 * projects.
 */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    location: jsonb('location').$type<StoredProjectLocation>().notNull(),
    configuration: jsonb('configuration').$type<Record<string, unknown>>(),
    isDraft: boolean('is_draft').notNull().default(true),
    status: text('status', { enum: PROJECT_STATUSES }).notNull().default('draft'),
    inspectionDate: date('inspection_date', { mode: 'string' }),
    installationDate: date('installation_date', { mode: 'string' }),
    inspection: jsonb('inspection').$type<RoofInspection>(),
    pipedriveDealId: integer('pipedrive_deal_id'),
    /** The roof inspector a project manager assigned (null: none; PUT .../assignees). */
    roofInspectorId: uuid('roof_inspector_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** The installer a project manager assigned (null: none). */
    installerId: uuid('installer_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('projects_roof_inspector_idx').on(t.roofInspectorId),
    index('projects_installer_idx').on(t.installerId),
    index('projects_user_updated_idx').on(t.userId, t.updatedAt),
    // The pipeline list's sorts, id the tie-break, so a page is skipped to by an
    // index-only scan (docs/decisions/037-deferred-join-paging.md).
    index('projects_updated_id_idx').on(t.updatedAt, t.id),
    index('projects_created_id_idx').on(t.createdAt, t.id),
    index('projects_status_updated_idx').on(t.status, t.updatedAt),
    check('projects_status_known', sql`${t.status} in (${statusList})`),
  ],
);

/** A row of `projects`. */
export type ProjectRow = typeof projects.$inferSelect;

/**
 * A project's status history: one row per change, oldest first by `created_at`. The first
 * row of a project is its creation (`from_status` and `action` null). `actor_id` is who made
 * the change (null once that account is deleted).
 */
export const projectStatusEvents = pgTable(
  'project_status_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: PROJECT_STATUSES }),
    toStatus: text('to_status', { enum: PROJECT_STATUSES }).notNull(),
    action: text('action', { enum: PIPELINE_ACTIONS }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('project_status_events_project_idx').on(t.projectId, t.createdAt),
    check(
      'project_status_events_known',
      sql`${t.toStatus} in (${statusList}) and (${t.fromStatus} is null or ${t.fromStatus} in (${statusList})) and (${t.action} is null or ${t.action} in (${actionList}))`,
    ),
  ],
);

/** A row of `project_status_events`. */
export type ProjectStatusEventRow = typeof projectStatusEvents.$inferSelect;

/**
 * Roof photos of a project's inspection, stored in the database (JPEG, PNG or
 * WebP under 10 MB, at most 20 per project). `size` is in bytes.
 */
export const projectPhotos = pgTable(
  'project_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    contentType: text('content_type', {
      enum: ['image/jpeg', 'image/png', 'image/webp'],
    }).notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('project_photos_project_idx').on(t.projectId, t.createdAt)],
);

/** A row of `project_photos`. */
export type ProjectPhotoRow = typeof projectPhotos.$inferSelect;

/**
 * The staff who took part in a project: one row per project and user, written in the same
 * transaction as their first pipeline action or roof photo on it (pipeline-service.ts,
 * photos.ts). Staff keep reading the projects they took part in after these move on
 * (domain pipeline.ts canSeeProject). Deleting the project or the user deletes the row.
 */
export const projectParticipants = pgTable(
  'project_participants',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId] }),
    index('project_participants_user_idx').on(t.userId, t.projectId),
  ],
);
