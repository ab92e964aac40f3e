import "server-only";
import { Prisma } from "@prisma/client";
import type { TenantTx } from "@/lib/db/tenant-db";
import type { BookingNotice } from "./booking-notice";
import { lockInstance } from "./lock-instance";
import { promoteWaitlist } from "./promote-waitlist";
import { releaseBookings } from "./release-bookings";

/** Classes starting on the studio's dates [from, until) (`YYYY-MM-DD`, until exclusive) in its `timezone`. */
export type PauseDays = { from: string; until: string; timezone: string };

/**
 * The studio cancels the future confirmed bookings (start after now) that use an entitlement, inside
 * the caller's transaction: a refund's (after the entitlement was revoked; every future class, the
 * attendee told `pass_refunded`: their class goes ahead without them) or a pause's (only the classes
 * on the pause's days, `within`; the attendee told `membership_paused`). Each instance is locked in
 * id order (as cancelMemberBookings does, so two of them cannot deadlock); the booking becomes
 * `cancelled_by_studio`, its credit goes back and its place to the waitlist. A booking already checked in
 * stays: that class was used. Returns the notices to
 * put in the outbox: the attendee's and the promoted attendees'.
 */
export async function cancelEntitlementBookings({
  tx,
  accountId,
  entitlementId,
  now,
  within,
  notice = "pass_refunded",
}: {
  tx: TenantTx;
  accountId: string;
  entitlementId: string;
  now: Date;
  within?: PauseDays;
  notice?: "pass_refunded" | "membership_paused";
}): Promise<BookingNotice[]> {
  const onDays = within
    ? Prisma.sql`AND entitlement_paused_at(${within.from}::date, ${within.until}::date, i."startsAt", ${within.timezone})`
    : Prisma.empty;
  const instances = await tx.$queryRaw<{ instanceId: string }[]>`
    SELECT DISTINCT b."instanceId"
    FROM "Booking" b
    JOIN "Instance" i ON i."id" = b."instanceId" AND i."accountId" = b."accountId"
    WHERE b."accountId" = ${accountId} AND b."entitlementId" = ${entitlementId}
      AND b."status" = 'confirmed' AND b."attendance" IS DISTINCT FROM 'attended' AND i."startsAt" > ${now} ${onDays}
    ORDER BY b."instanceId"`;

  const notices: BookingNotice[] = [];
  for (const { instanceId } of instances) {
    const instance = await lockInstance({ tx, accountId, instanceId });
    if (!instance || instance.startsAt <= now) continue; // moved into the past meanwhile: kept as history
    const released = await releaseBookings({
      tx,
      instance,
      filter: { entitlementId },
      statusFor: { confirmed: "cancelled_by_studio", waitlisted: "cancelled_by_studio" },
      now,
    });
    if (released.length === 0) continue;
    notices.push(...released.map((booking) => ({ kind: notice, bookingId: booking.id })));
    const promoted = await promoteWaitlist({ tx, instance, now });
    notices.push(...promoted.map((booking) => ({ kind: "promoted" as const, bookingId: booking.id })));
  }
  return notices;
}
