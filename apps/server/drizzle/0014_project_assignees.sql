-- The roof inspector and the installer a project manager assigns to a project.
ALTER TABLE "projects" ADD COLUMN "roof_inspector_id" uuid;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "installer_id" uuid;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_roof_inspector_id_users_id_fk" FOREIGN KEY ("roof_inspector_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_installer_id_users_id_fk" FOREIGN KEY ("installer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projects_roof_inspector_idx" ON "projects" USING btree ("roof_inspector_id");--> statement-breakpoint
CREATE INDEX "projects_installer_idx" ON "projects" USING btree ("installer_id");