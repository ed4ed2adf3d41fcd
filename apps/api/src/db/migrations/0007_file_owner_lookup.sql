CREATE INDEX "companies_logo_idx" ON "companies" USING btree ("logo");--> statement-breakpoint
CREATE INDEX "users_profile_idx" ON "users" USING btree ("profile");--> statement-breakpoint
CREATE INDEX "clients_logo_idx" ON "clients" USING btree ("logo");--> statement-breakpoint
CREATE INDEX "media_file_idx" ON "media" USING btree ("file");--> statement-breakpoint
CREATE INDEX "media_thumbnail_idx" ON "media" USING btree ("thumbnail");