-- The words of a person's name and email as people search compares them (GET /users?q=), between
-- single spaces and with a space at each end: ' soren kierkegaard soren example com '. Folded so that
-- a search is case- and accent-insensitive and "sor" finds "Søren": combining marks dropped after
-- NFKD, Danish and other letters that do not decompose spelled in ASCII (æ → ae, ø → o, å → a by
-- NFKD, ß → ss, đ ð → d, ł → l), A–Z lowered, ASCII punctuation a word break. Only A–Z is
-- lowered, because lower() of other letters depends on the database's locale (C on PGlite).
-- Last, the Danish spellings without the letters read as the letters: "aa" as å and "oe" as ø, so
-- both fold to "a" and "o" ("Søndergaard" and "soendergaard" meet at ' sondergard '); æ is "ae" already.
-- The one owner of the fold: the trigger user_search_key keeps "User"."searchKey" with it, and
-- lib/users/list-users.ts folds the query with it in the same statement. Its TypeScript twin is
-- peopleSearchKey (lib/users/people-search-key.ts); lib/users/people-search-key.test.ts holds the two together.
CREATE OR REPLACE FUNCTION people_search_key(p_text text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ' ' || btrim(replace(replace(regexp_replace(
           translate(
             regexp_replace(
               normalize(
                 replace(replace(replace(replace(replace(replace(coalesce(p_text, ''),
                   'Æ', 'AE'), 'æ', 'ae'), 'Œ', 'OE'), 'œ', 'oe'), 'ß', 'ss'), 'ẞ', 'SS'),
                 NFKD),
               '[\u0300-\u036f]', '', 'g'),
             'ABCDEFGHIJKLMNOPQRSTUVWXYZØøĐđŁłÐð',
             'abcdefghijklmnopqrstuvwxyzooddlldd'),
           '[\s!-/:-@\[-`{-~]+', ' ', 'g'), 'aa', 'a'), 'oe', 'o'), ' ') || ' '
$$;
