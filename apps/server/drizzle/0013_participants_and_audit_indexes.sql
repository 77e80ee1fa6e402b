-- The staff who took part in a project (they keep reading it after it moves on), filled
-- from the history and the photos already stored; and indexes of the audit log API's
-- order (newest first) and actor filter.
CREATE TABLE "project_participants" (
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_participants_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "project_participants" ADD CONSTRAINT "project_participants_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_participants" ADD CONSTRAINT "project_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_participants_user_idx" ON "project_participants" USING btree ("user_id","project_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at");;--> statement-breakpoint
INSERT INTO "project_participants" ("project_id", "user_id", "created_at")
SELECT "e"."project_id", "e"."actor_id", min("e"."created_at")
FROM "project_status_events" AS "e" JOIN "projects" AS "p" ON "p"."id" = "e"."project_id"
WHERE "e"."actor_id" IS NOT NULL AND "e"."actor_id" <> "p"."user_id"
GROUP BY "e"."project_id", "e"."actor_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "project_participants" ("project_id", "user_id", "created_at")
SELECT "f"."project_id", "f"."uploaded_by", min("f"."created_at")
FROM "project_photos" AS "f" JOIN "projects" AS "p" ON "p"."id" = "f"."project_id"
WHERE "f"."uploaded_by" IS NOT NULL AND "f"."uploaded_by" <> "p"."user_id"
GROUP BY "f"."project_id", "f"."uploaded_by"
ON CONFLICT DO NOTHING;
