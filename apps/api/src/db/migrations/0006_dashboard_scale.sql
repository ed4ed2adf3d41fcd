CREATE TABLE "device_totals" (
	"id" smallint PRIMARY KEY NOT NULL,
	"devices" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "device_totals_one_row_ck" CHECK ("device_totals"."id" = 1)
);
--> statement-breakpoint
DROP INDEX "user_requests_requested_at_idx";--> statement-breakpoint
CREATE INDEX "user_requests_requested_at_idx" ON "user_requests" USING btree ("requested_at","id");
--> statement-breakpoint
-- The count so far; ingestion keeps it from here on.
INSERT INTO "device_totals" ("id", "devices") SELECT 1, count(*) FROM "devices";