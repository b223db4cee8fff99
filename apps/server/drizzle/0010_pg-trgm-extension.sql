-- Trigram matching for the employee search (ADR 0006 addendum, docs/performance.md): `ILIKE '%term%'`
-- served by a GIN index instead of a scan of the company. pg_trgm is a trusted extension (a database
-- owner may create it); PGlite loads it from its contrib bundle (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
