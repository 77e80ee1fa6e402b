CREATE FUNCTION "account_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    PERFORM pg_notify('solar_account_changed', OLD."id"::text);
  ELSE
    PERFORM pg_notify('solar_account_changed', '*');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_account_changed" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "account_changed_notify"();--> statement-breakpoint
CREATE TRIGGER "users_account_truncated" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "account_changed_notify"();
