-- A stored address as people search may read it: null for a stand-in (any address under the reserved
-- `.invalid` domain: a walk-in's or guest's without an email, a dependant's, an erased person's;
-- lib/users/stand-in-addresses.ts). The SQL twin of isRealEmail/realEmail there, the one rule of
-- "is this a real address"; lib/users/real-email.test.ts holds the two together.
CREATE OR REPLACE FUNCTION real_email(p_email text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_email ~* '\.invalid\s*$' THEN NULL ELSE p_email END
$$;
