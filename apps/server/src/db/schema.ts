/**
 * The database schema (Drizzle pg-core), identical on PGlite and PostgreSQL.
 * After a change run `pnpm --filter @solar/server db:generate` and commit the SQL in drizzle/.
 * Times are `timestamptz`; ids are UUIDs.
 */
import { LOCALES } from '@solar/domain/constants';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The number of rows of `users`, kept exact by statement triggers on insert, delete and
 * truncate (migration 0004), so the unfiltered admin list reads its totalCount without
 * counting 100 000 rows (docs/benchmarks.md). One row; `id` is always true.
 */
export const userCount = pgTable(
  'user_count',
  {
    id: boolean('id').primaryKey().default(true),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [check('user_count_single_row', sql`${t.id}`)],
);

/**
 * Accounts. `email` is stored normalized (packages/domain normalizeEmail: trimmed, NFC,
 * lowercase) and unique as stored; `userType` is the spec's 0..6 code.
 */
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
    /** The Google account's `sub`, once linked. */
    googleSubject: text('google_subject'),
    picture: text('picture'),
    isActive: boolean('is_active').notNull().default(true),
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
    /**
     * A new address the user asked for (normalized), waiting for its confirmation link;
     * `email` stays the account's address until then (auth/account-service.ts).
     */
    pendingEmail: text('pending_email'),
    /** Language of mail sent to the user. */
    locale: text('locale', { enum: LOCALES }).notNull().default('en'),
    /** Link to a person record in the external CRM (docs/product.md#crm-link). */
    pipedrivePersonId: integer('pipedrive_person_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_subject_key').on(t.googleSubject),
    index('users_created_at_id_idx').on(t.createdAt, t.id),
    // The admin list sorts by lower(name)/lower(email) with id as tie-break. The column
    // itself comes last so PostgreSQL can skip to a page by an index-only scan (it reads
    // lower(name) from the index only when `name` is there too; a deferred join,
    // docs/decisions/037-deferred-join-paging.md).
    index('users_name_order_idx').on(sql`lower(${t.name})`, t.id, t.name),
    index('users_email_order_idx').on(sql`lower(${t.email})`, t.id, t.email),
    // The admin search is a substring (LIKE '%term%') of lower(name) or lower(email):
    // trigram indexes serve it (pg_trgm; migration 0003 creates the extension).
    index('users_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
  ],
);

/**
 * Refresh tokens, stored as SHA-256 hashes. Each sign-in starts a family; each refresh
 * retires the presented token and issues the next in the same family. Presenting a retired
 * token again revokes the whole family (reuse detection).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    /** Set when the token was exchanged for the next one. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    /** Set when the family was revoked (sign-out, reuse, password reset, deactivation). */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Single-use tokens sent by mail (password reset, email verification, and an email
 * change's confirmation and cancel links), stored hashed.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['password_reset', 'email_verification', 'email_change', 'email_change_cancel'],
    }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash),
    index('one_time_tokens_user_idx').on(t.userId),
  ],
);

/** Every change an administrator makes to an account, written in the same transaction. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetId: uuid('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    clientAddress: text('client_address'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_target_idx').on(t.targetId, t.createdAt),
    // The audit log API (audit/): newest first, and by actor (migration 0013).
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
  ],
);

/** Chat conversations (docs/product.md#ai-chat). */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    titleGenerated: boolean('title_generated').notNull().default(true),
    status: text('status', { enum: ['active', 'ended'] })
      .notNull()
      .default('active'),
    messageCount: integer('message_count').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversations_user_last_idx').on(t.userId, t.lastMessageAt, t.id)],
);

/** Chat messages. `extractedData` holds the solar facts found in the exchange. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant', 'system'] }).notNull(),
    content: text('content').notNull(),
    /** 0 solar consultant, 1 sales specialist. */
    botType: smallint('bot_type').notNull().default(0),
    extractedData: jsonb('extracted_data'),
    /** True when generation stopped early (client disconnect or provider failure). */
    interrupted: boolean('interrupted').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('messages_conversation_idx').on(t.conversationId, t.createdAt)],
);

/** Portfolio facts: one row per fact learned, newest wins (docs/product.md#ai-chat). */
export const portfolioFacts = pgTable(
  'portfolio_facts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, {
      onDelete: 'set null',
    }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    /** monthlyKwh | monthlyBill | roofType | roofArea | location */
    fact: text('fact').notNull(),
    value: jsonb('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('portfolio_facts_user_fact_idx').on(t.userId, t.fact, t.createdAt)],
);

/** Key-value settings the server keeps for itself. */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Saved views (docs/product.md#saved-views): a user's named filters of a list (`users`,
 * `projects`, `auditEvents`), the list's URL search string; one name per user and list.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    name: text('name').notNull(),
    query: text('query').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('saved_views_user_list_name_idx').on(t.userId, t.list, t.name)],
);
