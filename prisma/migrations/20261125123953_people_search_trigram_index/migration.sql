-- Hand-written: people search on a big studio (issue 16 §5). GET /users?q= (lib/users/list-users.ts)
-- asks, for each word of q, "searchKey" LIKE '% word%'; a trigram index answers that without reading
-- every member of the account (50,000 members: every row read, 400 ms; with it, the matches only).
-- Prisma cannot declare the pg_trgm operator class; lib/db/schema-matches-migrations.test.ts compares
-- PGlite catalogs, where the index is not made (below).
-- Only where pg_trgm is available: PostgreSQL ships it (a trusted extension: the database owner may
-- create it); the embedded PGlite does not load it, and there the search reads the account's members
-- as before (the studios it serves are small).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS "Membership_searchKey_trgm_idx" ON "Membership" USING gin ("searchKey" gin_trgm_ops);
  END IF;
END
$$;
