-- CreateTable
CREATE TABLE "ApiKey" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),

    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_tokenHash_key" ON "ApiKey"("tokenHash");

-- CreateIndex
CREATE INDEX "ApiKey_accountId_createdAt_idx" ON "ApiKey"("accountId", "createdAt");

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;


DROP FUNCTION studio_session(p_token_hash text, p_now timestamp without time zone, p_demo_mode boolean);
-- Copied from prisma/sql/functions/book_instance.sql by npm run db:migrate:new: edit that file, not this one.
-- Books a place for the holder of the session `p_token_hash` (or, for an administrator, an API key or a
-- teacher of the instance, for `p_attendee_id`) in the session's account: the token names the account, so it comes first here
-- and the account id is first from book_place on. `p_mode`:
--   'book'  book_place as of `p_now`, and the confirmation email's outbox row for a confirmed place.
--   'look'  decides without any lock and writes nothing (verdict `confirm` or `waitlist` when it
--           would book): a full class turns late requests away without their waiting for its lock.
-- `outcome` is `confirmed` or `waitlisted` with the booking's columns, a verdict of 'look', or the
-- error code of the refusal (lib/errors.ts), authentication and permission first. `nowFull`: the
-- class has no place left.
CREATE OR REPLACE FUNCTION book_instance(
  p_token_hash text, p_demo_mode boolean, p_now timestamp, p_mode text,
  p_instance_id text, p_attendee_id text, p_entitlement_id text, p_waitlist boolean,
  OUT "outcome" text, OUT "nowFull" boolean,
  OUT "id" text, OUT "accountId" text, OUT "instanceId" text, OUT "attendeeId" text, OUT "status" text,
  OUT "entitlementId" text, OUT "attendance" text, OUT "createdAt" timestamp(3), OUT "cancelledAt" timestamp(3)
) LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  actor record;
  attendee text;
  decision record;
BEGIN
  SELECT s."userId", s."accountId", s."persona" INTO actor FROM studio_session(p_token_hash, p_now, p_demo_mode) s;
  IF NOT FOUND THEN
    "outcome" := 'authentication_required';
    RETURN;
  END IF;
  -- An API key is no person (decision 0021, lib/auth/authenticate-credential.ts): it books someone
  -- in, never itself.
  IF actor."userId" IS NULL AND p_attendee_id IS NULL THEN
    "outcome" := 'insufficient_permission';
    RETURN;
  END IF;
  attendee := coalesce(p_attendee_id, actor."userId");
  -- Booking someone else in: the rule of lib/auth/instance-permission.ts (managesInstance), the
  -- administrator, or a teacher of the instance. A teacher's instance that is not the account's is
  -- left to book_place's 404.
  IF attendee IS DISTINCT FROM actor."userId" AND actor."persona" <> 'administrator' AND (
       actor."persona" <> 'teacher'
       OR EXISTS (SELECT 1 FROM "Instance" i
                  WHERE i."id" = p_instance_id AND i."accountId" = actor."accountId"
                    AND NOT (actor."userId" = ANY (i."teacherIds")))) THEN
    "outcome" := 'insufficient_permission';
    RETURN;
  END IF;

  IF p_mode = 'look' THEN
    SELECT * INTO decision FROM booking_verdict(actor."accountId", p_instance_id, attendee, p_entitlement_id, p_now, p_waitlist);
    "outcome" := decision."verdict";
    "nowFull" := decision."bookedCount" >= decision."capacity";
    RETURN;
  END IF;

  SELECT * INTO "outcome", "nowFull", "id", "accountId", "instanceId", "attendeeId", "status", "entitlementId",
                "attendance", "createdAt", "cancelledAt"
    FROM book_place(actor."accountId", p_instance_id, attendee, p_entitlement_id, p_waitlist, p_now);
  IF "outcome" = 'confirmed' THEN
    INSERT INTO "BookingEmail" ("accountId", "bookingId", "kind") VALUES (actor."accountId", "id", 'confirmed');
  END IF;
END
$$;

-- Copied from prisma/sql/functions/studio_session.sql by npm run db:migrate:new: edit that file, not this one.
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
