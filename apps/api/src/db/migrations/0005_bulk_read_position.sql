ALTER TABLE "bulk_uploads" ADD COLUMN "read_complete" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_uploads" ADD COLUMN "read_position" integer DEFAULT 0 NOT NULL;