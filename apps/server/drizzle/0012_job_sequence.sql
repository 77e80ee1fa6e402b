-- The order jobs were queued in, as a sequence: created_at can tie and the uuid then
-- ordered a project's CRM jobs at random. Jobs already queued are numbered by created_at.
DROP INDEX "jobs_ordering_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "seq" bigint;--> statement-breakpoint
UPDATE "jobs" SET "seq" = "numbered"."n"
FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS "n" FROM "jobs") AS "numbered"
WHERE "jobs"."id" = "numbered"."id";--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "seq" ADD GENERATED ALWAYS AS IDENTITY (sequence name "jobs_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
SELECT setval('jobs_seq_seq', coalesce((SELECT max("seq") FROM "jobs"), 0) + 1, false);--> statement-breakpoint
CREATE INDEX "jobs_ordering_idx" ON "jobs" USING btree ("ordering_key","seq") WHERE "jobs"."done_at" is null and "jobs"."given_up_at" is null;
