-- Devices become one row per (API key owner, device code), so one key's reports never overwrite
-- another owner's device (issue 14, finding 7). Hand-edited: the column is filled before it is
-- made NOT NULL, and the old primary key (PostgreSQL's default name) is dropped by name.
ALTER TABLE "devices" ADD COLUMN "user_id" integer;--> statement-breakpoint
-- Each existing device goes to the user who sent its latest request (served by the (device_code,
-- requested_at) index); 0 (NO_DEVICE_OWNER) when that request has no owner, e.g. seeded rows.
UPDATE "devices" SET "user_id" = coalesce((
  SELECT r."user_id" FROM "user_requests" r
  WHERE r."device_code" = "devices"."device_code"
  ORDER BY r."requested_at" DESC, r."id" DESC
  LIMIT 1
), 0);--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" DROP CONSTRAINT "devices_pkey";--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_pk" PRIMARY KEY("device_code","user_id");
