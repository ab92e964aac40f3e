-- Copied from prisma/sql/functions/real_email.sql by npm run db:migrate:new: edit that file, not this one.
-- A stored address as people search may read it: null for a stand-in (any address under the reserved
-- `.invalid` domain: a walk-in's or guest's without an email, a dependant's, an erased person's;
-- lib/users/stand-in-addresses.ts). The SQL twin of isRealEmail/realEmail there, the one rule of
-- "is this a real address"; lib/users/real-email.test.ts holds the two together.
CREATE OR REPLACE FUNCTION real_email(p_email text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_email ~* '\.invalid\s*$' THEN NULL ELSE p_email END
$$;

-- Copied from prisma/sql/functions/set_user_search_key.sql by npm run db:migrate:new: edit that file, not this one.
-- The trigger function of user_search_key (BEFORE INSERT OR UPDATE OF "displayName", email ON "User"):
-- keeps "searchKey" the people_search_key of the name and email, whoever writes the row. A stand-in
-- address (real_email: null) is left out, so that no search finds people by "invalid" or "no email".
CREATE OR REPLACE FUNCTION set_user_search_key() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW."searchKey" := people_search_key(NEW."displayName" || ' ' || coalesce(real_email(NEW.email), ''));
  RETURN NEW;
END
$$;

-- The people already stored with a stand-in address: their search keys again, without it (the
-- triggers user_search_key and user_to_memberships rewrite the user's key and its memberships' copies).
UPDATE "User" SET email = email WHERE real_email(email) IS NULL;
