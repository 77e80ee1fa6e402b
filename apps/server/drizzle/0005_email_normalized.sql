-- Emails are stored normalized (packages/domain normalizeEmail) and compared as stored.
-- Rows written before were compared with lower(): bring them to lower case (exact for
-- ASCII, which is every address the old comparison could find).
UPDATE "users" SET "email" = lower(btrim("email")) WHERE "email" <> lower(btrim("email"));--> statement-breakpoint
DROP INDEX "users_email_lower_key";--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");