DROP INDEX "users_name_lower_id_idx";--> statement-breakpoint
DROP INDEX "users_email_lower_id_idx";--> statement-breakpoint
DROP INDEX "projects_updated_idx";--> statement-breakpoint
CREATE INDEX "users_name_order_idx" ON "users" USING btree (lower("name"),"id","name");--> statement-breakpoint
CREATE INDEX "users_email_order_idx" ON "users" USING btree (lower("email"),"id","email");--> statement-breakpoint
CREATE INDEX "projects_updated_id_idx" ON "projects" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "projects_created_id_idx" ON "projects" USING btree ("created_at","id");