CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"ordering_key" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"given_up_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("next_attempt_at") WHERE "jobs"."done_at" is null and "jobs"."given_up_at" is null;--> statement-breakpoint
CREATE INDEX "jobs_ordering_idx" ON "jobs" USING btree ("ordering_key","created_at") WHERE "jobs"."done_at" is null and "jobs"."given_up_at" is null;--> statement-breakpoint
CREATE INDEX "jobs_created_idx" ON "jobs" USING btree ("created_at");--> statement-breakpoint
INSERT INTO "jobs" ("id", "kind", "payload", "ordering_key", "attempts", "next_attempt_at", "last_error", "given_up_at", "done_at", "created_at")
SELECT "id", "kind", "payload", 'crm:project:' || ("payload"->>'projectId'), "attempts", "next_attempt_at", "last_error",
  CASE WHEN "done_at" IS NULL AND "attempts" >= 10 THEN "next_attempt_at" END, "done_at", "created_at"
FROM "crm_jobs";--> statement-breakpoint
DROP TABLE "crm_jobs" CASCADE;
