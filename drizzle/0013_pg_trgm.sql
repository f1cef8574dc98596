-- hand-written:
-- Trigram indexes make "name contains …" and "phone contains …" searches of the student list
-- fast at tens of thousands of students. pg_trgm ships with PostgreSQL (a trusted extension:
-- the database owner may create it) and with PGlite (loaded in src/server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
