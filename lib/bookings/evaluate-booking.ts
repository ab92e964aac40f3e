import "server-only";
import { Prisma } from "@prisma/client";
import type { ErrorCode } from "@/lib/errors";
import type { RawQuery } from "@/lib/db/raw-sql";
import { usableEntitlementsSql } from "./entitlement-credits";

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Everything a booking decision needs, read by one statement (one snapshot). */
export type BookingEvaluation = {
  id: string;
  eventId: string;
  startsAt: Date;
  capacity: number;
  status: string;
  audience: string;
  groupIds: string[];
  bookedCount: number;
  opensDaysBefore: number;
  closesMinutesBefore: number;
  waitlistEnabled: boolean;
  /** The attendee is a member of the account. */
  isMember: boolean;
  /** The attendee is in one of the instance's groups. */
  inGroup: boolean;
  /** The attendee already holds a confirmed or waitlisted booking of the instance. */
  hasLive: boolean;
  /** Usable entitlements, best first (entitlement-credits.ts). */
  candidates: string[];
};

/**
 * Reads the instance, its account's policy and the attendee's standing in one statement. Run twice
 * by a booking: without a lock to refuse early (most refusals never wait for the instance's lock),
 * and with `lock` as the first statement of the booking transaction, where the answer is final. With
 * `lock` it takes the instance row FOR UPDATE (every booking change of one instance queues there,
 * so `bookedCount` is exact) and the attendee's membership FOR KEY SHARE (a concurrent removal of
 * the membership waits for this transaction, or this finds no row). The other columns come from the
 * statement's snapshot, which may predate the wait for the lock; what could have changed meanwhile
 * is guarded by the writes themselves: the partial unique index (a second live booking), the
 * conditional credit UPDATE (a credit taken concurrently). Undefined when the instance is not the
 * account's (with `lock`: also when the attendee is not a member).
 */
export async function evaluateBooking(
  query: RawQuery,
  target: { accountId: string; instanceId: string; attendeeId: string; entitlementId?: string },
  { lock = false }: { lock?: boolean } = {},
): Promise<BookingEvaluation | undefined> {
  const { accountId, instanceId, attendeeId } = target;
  const candidates = usableEntitlementsSql({
    accountId,
    attendeeId,
    startsAt: Prisma.raw(`i."startsAt"`),
    eventId: Prisma.raw(`i."eventId"`),
    only: target.entitlementId,
  });
  const isMember = lock
    ? Prisma.sql`true`
    : Prisma.sql`EXISTS (SELECT 1 FROM "Membership" m WHERE m."accountId" = i."accountId" AND m."userId" = ${attendeeId})`;
  const rows = await query<BookingEvaluation>(Prisma.sql`
    SELECT i."id", i."eventId", i."startsAt", i."capacity", i."status", i."audience", i."groupIds", i."bookedCount",
           a."opensDaysBefore", a."closesMinutesBefore", a."waitlistEnabled",
           ${isMember} AS "isMember",
           EXISTS (SELECT 1 FROM "GroupMember" g
                   WHERE g."accountId" = i."accountId" AND g."userId" = ${attendeeId} AND g."groupId" = ANY (i."groupIds")) AS "inGroup",
           EXISTS (SELECT 1 FROM "Booking" b
                   WHERE b."accountId" = i."accountId" AND b."instanceId" = i."id" AND b."attendeeId" = ${attendeeId}
                     AND b."status" IN ('confirmed', 'waitlisted')) AS "hasLive",
           ARRAY(${candidates}) AS "candidates"
    FROM "Instance" i
    JOIN "Account" a ON a."id" = i."accountId"
    ${lock ? Prisma.sql`JOIN "Membership" m ON m."accountId" = i."accountId" AND m."userId" = ${attendeeId}` : Prisma.empty}
    WHERE i."id" = ${instanceId} AND i."accountId" = ${accountId}
    ${lock ? Prisma.sql`FOR UPDATE OF i FOR KEY SHARE OF m` : Prisma.empty}`);
  return rows[0];
}

/**
 * The contract's answer (decisions §7), checked in its order: 404 unknown instance (or an attendee
 * who is not a member); 409 not bookable; 409 closed; 409 already booked; 402 no valid entitlement;
 * 409 full unless `waitlist` is asked and enabled. Returns the error code, or what to do.
 */
export function decideBooking(
  evaluation: BookingEvaluation | undefined,
  { now, waitlist }: { now: Date; waitlist: boolean },
): ErrorCode | "confirm" | "waitlist" {
  if (!evaluation || !evaluation.isMember) return "not_found";
  if (!isBookable(evaluation)) return "instance_not_bookable";
  if (!isOpen(evaluation, now)) return "booking_closed";
  if (evaluation.hasLive) return "already_booked";
  if (evaluation.candidates.length === 0) return "no_valid_entitlement";
  if (evaluation.bookedCount < evaluation.capacity) return "confirm";
  return waitlist && evaluation.waitlistEnabled ? "waitlist" : "instance_full";
}

/** Not cancelled, not audience `nobody`; audience `groups` only for a member of one of them. */
function isBookable(evaluation: BookingEvaluation): boolean {
  if (evaluation.status === "cancelled" || evaluation.audience === "nobody") return false;
  return evaluation.audience !== "groups" || evaluation.inGroup;
}

/** From `opensDaysBefore` days before the start until `closesMinutesBefore` minutes before it; never once started. */
function isOpen(evaluation: BookingEvaluation, now: Date): boolean {
  const start = evaluation.startsAt.getTime();
  const time = now.getTime();
  return (
    time >= start - evaluation.opensDaysBefore * DAY_MS &&
    time <= start - evaluation.closesMinutesBefore * MINUTE_MS &&
    time < start
  );
}
