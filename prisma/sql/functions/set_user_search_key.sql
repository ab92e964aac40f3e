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
