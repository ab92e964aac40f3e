-- Who is behind a credential's sha256 at `p_now`, one row or none:
--   a session (kind bearer | web | demo): known, not expired, its user not disabled, a member of the
--   session's account, and a demo session only while demo mode is on;
--   an API key (kind api_key, decision 0021): known (a deleted key is gone), its account active, a
--   demo account's only while demo mode is on. A key is no person: "userId" is null, its persona
--   'administrator', "apiKeyId" its id, "expiresAt" null.
-- Not account-first: the credential is what names the account (lib/auth/authenticate-credential.ts,
-- book_instance).
CREATE OR REPLACE FUNCTION studio_session(p_token_hash text, p_now timestamp, p_demo_mode boolean)
RETURNS TABLE ("userId" text, "apiKeyId" text, "accountId" text, "persona" text, "kind" text, "expiresAt" timestamp(3))
LANGUAGE sql STABLE AS $$
  SELECT s."userId", NULL::text, s."accountId", m."persona", s."kind", s."expiresAt"
    FROM "Session" s
    JOIN "User" u ON u."id" = s."userId"
    JOIN "Membership" m ON m."accountId" = s."accountId" AND m."userId" = s."userId"
   WHERE s."tokenHash" = p_token_hash
     AND s."expiresAt" > p_now
     AND u."status" <> 'disabled'
     AND (s."kind" <> 'demo' OR p_demo_mode)
  UNION ALL
  SELECT NULL::text, k."id", k."accountId", 'administrator', 'api_key', NULL::timestamp(3)
    FROM "ApiKey" k
    JOIN "Account" a ON a."id" = k."accountId"
   WHERE k."tokenHash" = p_token_hash
     AND a."status" = 'active'
     AND (NOT a."isDemo" OR p_demo_mode)
$$;
