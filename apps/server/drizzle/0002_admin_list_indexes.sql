CREATE INDEX "users_name_lower_id_idx" ON "users" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "users_email_lower_id_idx" ON "users" USING btree (lower("email"),"id");