-- AlterTable
ALTER TABLE "Membership" ADD COLUMN     "displayName" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "email" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "searchKey" TEXT NOT NULL DEFAULT '';

-- CreateIndex
CREATE INDEX "Membership_accountId_displayName_email_idx" ON "Membership"("accountId", "displayName", "email");


-- Copied from prisma/sql/functions/copy_user_to_memberships.sql by npm run db:migrate:new: edit that file, not this one.
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

-- Copied from prisma/sql/functions/set_membership_person.sql by npm run db:migrate:new: edit that file, not this one.
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

-- GET /users reads one account's people from "Membership" alone (docs/decisions/0014): the user's
-- name, email and search key are copied there by the database for every writer.
CREATE TRIGGER membership_person
  BEFORE INSERT OR UPDATE OF "userId" ON "Membership"
  FOR EACH ROW EXECUTE FUNCTION set_membership_person();

CREATE TRIGGER user_to_memberships
  AFTER UPDATE OF "displayName", "email" ON "User"
  FOR EACH ROW EXECUTE FUNCTION copy_user_to_memberships();

UPDATE "Membership" m
   SET "displayName" = u."displayName", email = u.email, "searchKey" = u."searchKey"
  FROM "User" u
 WHERE u.id = m."userId";
