/**
 * The auth module's own table: external sign-in's authorization requests in flight
 * (docs/decisions/030-external-identity-linking.md). drizzle-kit reads every schema.ts under
 * src/; after a change run `pnpm --filter @solar/server db:generate` and commit the SQL in
 * drizzle/.
 */
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * What the server must check when the browser comes back from the OpenID provider. Looked
 * up by the SHA-256 of `state`, deleted when used (single use) and refused when older than
 * its `expiresAt` (10 minutes), so any server process can finish a sign-in another one
 * started. `codeVerifier` is the PKCE verifier (RFC 7636), `nonce` the ID token's expected
 * nonce, `redirectUri` the callback URL of the authorization request.
 */
export const oidcTransactions = pgTable(
  'oidc_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stateHash: text('state_hash').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oidc_transactions_state_hash_key').on(t.stateHash),
    index('oidc_transactions_expires_at_idx').on(t.expiresAt),
  ],
);
