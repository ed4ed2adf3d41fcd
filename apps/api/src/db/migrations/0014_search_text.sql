-- The list searches of the two big tables read a column the database keeps lower-cased, matched
-- by LIKE of a lower-cased term: ILIKE lower-cased every candidate row on every read (the common
-- search "iphone" rechecks 10,001 rows for its capped count). Adding the stored columns rewrites
-- both tables once, so they are vacuumed and analyzed right after (db/migrate.ts).
-- vacuum after: users, user_requests
DROP INDEX "users_search_trgm_idx";--> statement-breakpoint
DROP INDEX "user_requests_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(firstname || ' ' || lastname || ' ' || email)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "user_requests" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(device_code || ' ' || tone_code || ' ' || coalesce(device_model, ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_requests_search_trgm_idx" ON "user_requests" USING gin ("search_text" gin_trgm_ops);