-- Trigram indexes back the lists' ILIKE '%term%' search. pg_trgm is a trusted extension
-- (PostgreSQL 13+), so the database owner may create it; PGlite loads it from its contrib bundle.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
