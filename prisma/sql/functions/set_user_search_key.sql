-- The trigger function of user_search_key (BEFORE INSERT OR UPDATE OF "displayName", email ON "User"):
-- keeps "searchKey" the people_search_key of the name and email, whoever writes the row.
CREATE OR REPLACE FUNCTION set_user_search_key() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW."searchKey" := people_search_key(NEW."displayName" || ' ' || NEW.email);
  RETURN NEW;
END
$$;
