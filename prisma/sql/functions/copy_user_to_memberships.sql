-- The trigger function of user_to_memberships (AFTER UPDATE OF "displayName", email ON "User"): keeps
-- the copies on the user's memberships (set_membership_person) in step with the user.
CREATE OR REPLACE FUNCTION copy_user_to_memberships() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Membership" m
     SET "displayName" = NEW."displayName", email = NEW.email, "searchKey" = NEW."searchKey"
   WHERE m."userId" = NEW.id
     AND (m."displayName", m.email, m."searchKey") IS DISTINCT FROM (NEW."displayName", NEW.email, NEW."searchKey");
  RETURN NULL;
END
$$;
