-- Role and company names are unique ignoring case. Generated once for both schema changes
-- (roles in schema/access.ts, companies in schema/companies.ts), which were made at the same time.
CREATE UNIQUE INDEX "roles_name_lower_uq" ON "roles" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "companies_name_lower_uq" ON "companies" USING btree (lower("name"));