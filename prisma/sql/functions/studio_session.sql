-- The session behind a token's sha256 at `p_now`: known, not expired, its user not disabled, a
-- member of the session's account, and a demo session only while demo mode is on. Not account-first:
-- the token is what names the account (lib/http/authenticate.ts, book_instance).
CREATE OR REPLACE FUNCTION studio_session(p_token_hash text, p_now timestamp, p_demo_mode boolean)
RETURNS TABLE ("userId" text, "accountId" text, "persona" text, "kind" text, "expiresAt" timestamp(3))
LANGUAGE sql STABLE AS $$
  SELECT s."userId", s."accountId", m."persona", s."kind", s."expiresAt"
    FROM "Session" s
    JOIN "User" u ON u."id" = s."userId"
    JOIN "Membership" m ON m."accountId" = s."accountId" AND m."userId" = s."userId"
   WHERE s."tokenHash" = p_token_hash
     AND s."expiresAt" > p_now
     AND u."status" <> 'disabled'
     AND (s."kind" <> 'demo' OR p_demo_mode)
$$;
