CREATE TABLE "bulk_mappings" (
	"user_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bulk_uploads" ADD COLUMN "mapping" jsonb;--> statement-breakpoint
ALTER TABLE "bulk_mappings" ADD CONSTRAINT "bulk_mappings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_mappings_user_kind_uq" ON "bulk_mappings" USING btree ("user_id","kind");