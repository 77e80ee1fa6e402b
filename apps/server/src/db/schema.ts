/**
 * The database schema (Drizzle pg-core), identical on PGlite and PostgreSQL.
 * After a change run `pnpm --filter @solar/server db:generate` and commit the SQL in drizzle/.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Accounts. `email` is stored lower-cased and unique; `userType` is the spec's 0..6 code. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** argon2id PHC string; null for accounts that only sign in with Google. */
    passwordHash: text('password_hash'),
    userType: smallint('user_type').notNull(),
    authMethod: text('auth_method', { enum: ['email', 'google'] })
      .notNull()
      .default('email'),
    picture: text('picture'),
    isActive: boolean('is_active').notNull().default(true),
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
    locale: text('locale', { enum: ['en', 'es', 'ru'] })
      .notNull()
      .default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_created_at_id_idx').on(t.createdAt, t.id),
  ],
);

/** Key-value settings the server keeps for itself (for example the generated JWT secret). */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
