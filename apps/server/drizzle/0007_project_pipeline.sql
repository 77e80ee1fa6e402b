CREATE TABLE "crm_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_status_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"action" text,
	"actor_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_status_events_known" CHECK ("project_status_events"."to_status" in ('draft', 'quote_requested', 'inspection_scheduled', 'inspected', 'proposal_accepted', 'installation_scheduled', 'installed', 'cancelled') and ("project_status_events"."from_status" is null or "project_status_events"."from_status" in ('draft', 'quote_requested', 'inspection_scheduled', 'inspected', 'proposal_accepted', 'installation_scheduled', 'installed', 'cancelled')) and ("project_status_events"."action" is null or "project_status_events"."action" in ('requestQuote', 'scheduleInspection', 'recordInspection', 'acceptProposal', 'scheduleInstallation', 'markInstalled', 'cancel')))
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "status" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "inspection_date" date;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "installation_date" date;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "inspection" jsonb;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "pipedrive_deal_id" integer;--> statement-breakpoint
ALTER TABLE "project_photos" ADD CONSTRAINT "project_photos_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_photos" ADD CONSTRAINT "project_photos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_status_events" ADD CONSTRAINT "project_status_events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_status_events" ADD CONSTRAINT "project_status_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_jobs_due_idx" ON "crm_jobs" USING btree ("done_at","next_attempt_at");--> statement-breakpoint
CREATE INDEX "project_photos_project_idx" ON "project_photos" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "project_status_events_project_idx" ON "project_status_events" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "projects_status_updated_idx" ON "projects" USING btree ("status","updated_at");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_status_known" CHECK ("projects"."status" in ('draft', 'quote_requested', 'inspection_scheduled', 'inspected', 'proposal_accepted', 'installation_scheduled', 'installed', 'cancelled'));--> statement-breakpoint
-- Existing projects start their history with their creation, by their owner, as a draft.
INSERT INTO "project_status_events" ("project_id", "from_status", "to_status", "action", "actor_id", "created_at") SELECT "id", NULL, 'draft', NULL, "user_id", "created_at" FROM "projects";
