CREATE TABLE "list_row_counts" (
	"table_name" varchar(63) PRIMARY KEY NOT NULL,
	"row_count" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_name_idx";--> statement-breakpoint
DROP INDEX "users_status_idx";--> statement-breakpoint
DROP INDEX "users_created_at_idx";--> statement-breakpoint
CREATE INDEX "users_updated_at_idx" ON "users" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "users_firstname_idx" ON "users" USING btree ("firstname","id");--> statement-breakpoint
CREATE INDEX "users_lastname_idx" ON "users" USING btree ("lastname","id");--> statement-breakpoint
CREATE INDEX "users_email_sort_idx" ON "users" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "users_phone_idx" ON "users" USING btree ("phone","id");--> statement-breakpoint
CREATE INDEX "users_two_factor_idx" ON "users" USING btree ("two_factor_enabled","id");--> statement-breakpoint
CREATE INDEX "users_last_login_idx" ON "users" USING btree ("last_login_at","id");--> statement-breakpoint
CREATE INDEX "user_requests_received_at_idx" ON "user_requests" USING btree ("received_at","id");--> statement-breakpoint
CREATE INDEX "user_requests_device_code_idx" ON "user_requests" USING btree ("device_code","id");--> statement-breakpoint
CREATE INDEX "user_requests_tone_code_idx" ON "user_requests" USING btree ("tone_code","id");--> statement-breakpoint
CREATE INDEX "user_requests_platform_idx" ON "user_requests" USING btree ("platform","id");--> statement-breakpoint
CREATE INDEX "user_requests_device_model_idx" ON "user_requests" USING btree ("device_model","id");--> statement-breakpoint
CREATE INDEX "user_requests_os_version_idx" ON "user_requests" USING btree ("os_version","id");--> statement-breakpoint
CREATE INDEX "user_requests_app_version_idx" ON "user_requests" USING btree ("app_version","id");--> statement-breakpoint
CREATE INDEX "user_requests_search_trgm_idx" ON "user_requests" USING gin (("device_code" || ' ' || "tone_code" || ' ' || coalesce("device_model", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");
--> statement-breakpoint
-- Exact row counts of the big list tables (schema/row-counts.ts), kept per statement in the
-- writing transaction: one update per INSERT/DELETE statement, not per row.
CREATE FUNCTION "list_row_counts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN
  SELECT count(*) INTO n FROM added_rows;
  IF n > 0 THEN
    UPDATE "list_row_counts" SET "row_count" = "row_count" + n WHERE "table_name" = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "list_row_counts_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN
  SELECT count(*) INTO n FROM removed_rows;
  IF n > 0 THEN
    UPDATE "list_row_counts" SET "row_count" = "row_count" - n WHERE "table_name" = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "list_row_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "list_row_counts" SET "row_count" = 0 WHERE "table_name" = TG_TABLE_NAME;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_counted_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS added_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "list_row_counts_added"();
--> statement-breakpoint
CREATE TRIGGER "users_counted_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "list_row_counts_removed"();
--> statement-breakpoint
CREATE TRIGGER "users_counted_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "list_row_counts_truncated"();
--> statement-breakpoint
CREATE TRIGGER "user_requests_counted_insert" AFTER INSERT ON "user_requests" REFERENCING NEW TABLE AS added_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "list_row_counts_added"();
--> statement-breakpoint
CREATE TRIGGER "user_requests_counted_delete" AFTER DELETE ON "user_requests" REFERENCING OLD TABLE AS removed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "list_row_counts_removed"();
--> statement-breakpoint
CREATE TRIGGER "user_requests_counted_truncate" AFTER TRUNCATE ON "user_requests"
  FOR EACH STATEMENT EXECUTE FUNCTION "list_row_counts_truncated"();
--> statement-breakpoint
-- Counted last, after the triggers exist (migrations run under the startup lock, nothing writes meanwhile).
INSERT INTO "list_row_counts" ("table_name", "row_count")
  SELECT 'users', count(*) FROM "users" UNION ALL SELECT 'user_requests', count(*) FROM "user_requests";
