// Puts the pass notices that are due in the notice email outbox (decision 0024). Plain SQL (RawSql)
// and no server-only, like the class reminders: the booking email sender's sweep runs it in every
// serving process.
import type { RawSql } from "@/lib/db/raw-sql";

/** How long before a pass ends its holder is told. */
export const EXPIRY_NOTICE_DAYS = 7;

/**
 * Who may be told about their pass: an active studio, a person who is still its member, not
 * disabled, and who has not switched reminders off (PATCH /me `emailReminders` covers these notices
 * too). `e`, `a` and `u` are the entitlement, its account and its holder.
 */
const RECIPIENT_MAY_BE_TOLD = `
  a."id" = e."accountId" AND a."status" = 'active'
  AND u."id" = e."userId" AND u."emailReminders" AND u."status" <> 'disabled'
  AND EXISTS (SELECT 1 FROM "Membership" m WHERE m."accountId" = e."accountId" AND m."userId" = e."userId")`;

/**
 * "One class left": an active pass down to its last class that was sold with more than one (the
 * product is no drop-in and its `classAllowance` is above 1: a one-class pass is at one left from
 * the start), still valid at `now`. One statement sets `oneLeftNoticeAt` and writes the outbox row;
 * the conditional UPDATE (`IS NULL`, re-checked by PostgreSQL for a sweep that waited on another's
 * lock) makes it once per pass, however many processes sweep.
 */
const ONE_LEFT_SQL = `
  WITH due AS (
    UPDATE "Entitlement" e SET "oneLeftNoticeAt" = $1::timestamp
      FROM "Product" p, "Account" a, "User" u
     WHERE e."remainingClasses" = 1 AND e."status" = 'active' AND e."oneLeftNoticeAt" IS NULL
       AND (e."validUntil" IS NULL OR e."validUntil" > $1::timestamp)
       AND p."id" = e."productId" AND p."accountId" = e."accountId"
       AND p."type" <> 'drop_in' AND p."classAllowance" > 1
       AND ${RECIPIENT_MAY_BE_TOLD}
    RETURNING e."id", e."accountId", e."userId"
  ), queued AS (
    INSERT INTO "NoticeEmail" ("accountId", "kind", "userId", "entitlementId")
    SELECT "accountId", 'pass_one_left', "userId", "id" FROM due
    RETURNING 1
  )
  SELECT count(*)::int AS "scheduled" FROM queued`;

/**
 * "Expires in 7 days": an active pass or membership whose `validUntil` is within the next 7 days,
 * with classes left (or unlimited), valid for longer than those 7 days (a one-week pass is not told
 * on its first day), that does not renew by itself: a subscription not cancelled renews when it has
 * a provider subscription (Stripe bills it) or was bought through the demo provider (the renewal
 * job charges it); desk grants do not renew, so their holders are told.
 */
const EXPIRING_SQL = `
  WITH due AS (
    UPDATE "Entitlement" e SET "expiryNoticeAt" = $1::timestamp
      FROM "Product" p, "Account" a, "User" u
     WHERE e."status" = 'active' AND e."expiryNoticeAt" IS NULL
       AND e."validUntil" > $1::timestamp AND e."validUntil" <= $1::timestamp + $2::int * interval '1 day'
       AND e."validFrom" < e."validUntil" - $2::int * interval '1 day'
       AND (e."remainingClasses" IS NULL OR e."remainingClasses" > 0)
       AND p."id" = e."productId" AND p."accountId" = e."accountId"
       AND NOT (p."type" = 'subscription' AND e."cancelAt" IS NULL AND (
         e."providerSubscriptionId" IS NOT NULL
         OR EXISTS (SELECT 1 FROM "Order" o WHERE o."id" = e."orderId" AND o."provider" = 'demo')))
       AND ${RECIPIENT_MAY_BE_TOLD}
    RETURNING e."id", e."accountId", e."userId"
  ), queued AS (
    INSERT INTO "NoticeEmail" ("accountId", "kind", "userId", "entitlementId")
    SELECT "accountId", 'pass_expiring', "userId", "id" FROM due
    RETURNING 1
  )
  SELECT count(*)::int AS "scheduled" FROM queued`;

/** Schedules every pass notice due at `now`; returns how many were put in the outbox. */
export async function schedulePassNotices(sql: RawSql, now: Date): Promise<number> {
  const [oneLeft] = await sql.query<{ scheduled: number }>({ text: ONE_LEFT_SQL, values: [now] });
  const [expiring] = await sql.query<{ scheduled: number }>({ text: EXPIRING_SQL, values: [now, EXPIRY_NOTICE_DAYS] });
  return (oneLeft?.scheduled ?? 0) + (expiring?.scheduled ?? 0);
}
