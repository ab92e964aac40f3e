-- DropIndex
DROP INDEX "Order_accountId_createdAt_idx";

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "searchKey" TEXT NOT NULL DEFAULT '';

-- CreateIndex
CREATE INDEX "Order_accountId_createdAt_id_idx" ON "Order"("accountId", "createdAt", "id");


-- Copied from prisma/sql/functions/people_search_key.sql by npm run db:migrate:new: edit that file, not this one.
-- The words of a person's name and email as people search compares them (GET /users?q=), between
-- single spaces and with a space at each end: ' soren kierkegaard soren example com '. Folded so that
-- a search is case- and accent-insensitive and "sor" finds "Søren": combining marks dropped after
-- NFKD, Danish and other letters that do not decompose spelled in ASCII (æ → ae, ø → o, å → a by
-- NFKD, ß → ss, đ ð → d, ł → l), A–Z lowered, ASCII punctuation a word break. Only A–Z is
-- lowered, because lower() of other letters depends on the database's locale (C on PGlite).
-- The one owner of the fold: the trigger user_search_key keeps "User"."searchKey" with it, and
-- lib/users/list-users.ts folds the query with it in the same statement.
CREATE OR REPLACE FUNCTION people_search_key(p_text text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ' ' || btrim(regexp_replace(
           translate(
             regexp_replace(
               normalize(
                 replace(replace(replace(replace(replace(replace(coalesce(p_text, ''),
                   'Æ', 'AE'), 'æ', 'ae'), 'Œ', 'OE'), 'œ', 'oe'), 'ß', 'ss'), 'ẞ', 'SS'),
                 NFKD),
               '[\u0300-\u036f]', '', 'g'),
             'ABCDEFGHIJKLMNOPQRSTUVWXYZØøĐđŁłÐð',
             'abcdefghijklmnopqrstuvwxyzooddlldd'),
           '[\s!-/:-@\[-`{-~]+', ' ', 'g'), ' ') || ' '
$$;

-- Copied from prisma/sql/functions/set_user_search_key.sql by npm run db:migrate:new: edit that file, not this one.
-- The trigger function of user_search_key (BEFORE INSERT OR UPDATE OF "displayName", email ON "User"):
-- keeps "searchKey" the people_search_key of the name and email, whoever writes the row.
CREATE OR REPLACE FUNCTION set_user_search_key() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW."searchKey" := people_search_key(NEW."displayName" || ' ' || NEW.email);
  RETURN NEW;
END
$$;

-- People search (issue 16 §3): "searchKey" is kept by the database for every writer of "User".
CREATE TRIGGER user_search_key
  BEFORE INSERT OR UPDATE OF "displayName", "email" ON "User"
  FOR EACH ROW EXECUTE FUNCTION set_user_search_key();

UPDATE "User" SET "searchKey" = people_search_key("displayName" || ' ' || "email");
