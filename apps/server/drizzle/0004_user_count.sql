CREATE TABLE "user_count" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "user_count_single_row" CHECK ("user_count"."id")
);
--> statement-breakpoint
INSERT INTO "user_count" ("id", "n") SELECT true, count(*) FROM "users";--> statement-breakpoint
CREATE FUNCTION "user_count_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "user_count" SET "n" = "n" + (SELECT count(*) FROM "changed_rows");
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "user_count" SET "n" = "n" - (SELECT count(*) FROM "changed_rows");
  ELSE
    UPDATE "user_count" SET "n" = 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_count_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_count_track"();--> statement-breakpoint
CREATE TRIGGER "users_count_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "user_count_track"();--> statement-breakpoint
CREATE TRIGGER "users_count_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "user_count_track"();
