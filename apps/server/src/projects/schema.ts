/**
 * The projects table (API-CONTRACT.md "Projects": the full calculator's saved projects and
 * drafts). drizzle-kit reads every schema.ts under src/; after a change run
 * `pnpm --filter @solar/server db:generate` and commit the SQL in drizzle/.
 */
import { index, jsonb, pgTable, boolean, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../db/schema.ts';

/** A project's location as stored: degrees, and the geocoder's place id when known. */
export interface StoredProjectLocation {
  address: string;
  latitude: number;
  longitude: number;
  placeId?: string;
}

/**
 * One project of one user. `location` is `{address, latitude, longitude, placeId?}`;
 * `configuration` is the full calculator's step 2 (free-form JSON object) or null for a
 * draft that has only a location. Deleting the user deletes their projects.
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('projects_user_updated_idx').on(t.userId, t.updatedAt),
    index('projects_updated_idx').on(t.updatedAt),
  ],
);

/** A row of `projects`. */
export type ProjectRow = typeof projects.$inferSelect;
