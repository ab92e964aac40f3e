-- The trigger function of membership_person (BEFORE INSERT OR UPDATE OF "userId" ON "Membership"):
-- copies the user's "displayName", email and "searchKey" onto the membership, whoever writes it, so
-- that GET /users reads one account's people in order from one index (docs/decisions/0014).
CREATE OR REPLACE FUNCTION set_membership_person() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT u."displayName", u.email, u."searchKey" INTO NEW."displayName", NEW.email, NEW."searchKey"
    FROM "User" u WHERE u.id = NEW."userId";
  RETURN NEW;
END
$$;
