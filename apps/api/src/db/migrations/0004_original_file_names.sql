ALTER TABLE "companies" ADD COLUMN "logo_name" varchar(255);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_name" varchar(255);