-- At most one ACTIVE media per (client, tone code), demo and campaign together (issue 15, item 9;
-- docs/interfaces.md). Hand-edited: existing rows may break the rule, so before the index is built
-- each (client, tone code) keeps its oldest active media (created_at, then id) and every other
-- active one with that code is set inactive (never deleted: it can be given another code and
-- switched back on). Deterministic, so every database ends the same way.
UPDATE "media" SET "status" = 'inactive', "updated_at" = now()
WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "client_id", "tone_code" ORDER BY "created_at", "id") AS "n"
    FROM "media" WHERE "status" = 'active' AND "tone_code" IS NOT NULL
  ) AS "ranked"
  WHERE "n" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "media_tone_code_active_uq" ON "media" USING btree ("client_id","tone_code") WHERE "media"."status" = 'active' and "media"."tone_code" is not null;
