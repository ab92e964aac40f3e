import "server-only";
import type { TenantTx } from "@/lib/db/tenant-db";
import type { BookingNotice } from "./booking-notice";
import { lockInstance } from "./lock-instance";
import { promoteWaitlist } from "./promote-waitlist";
import { releaseBookings } from "./release-bookings";

/**
 * The booking side of a refund, run inside its transaction after the entitlement was revoked: each
 * future instance (start after now) where a confirmed booking not yet attended (checked in) uses the entitlement is locked in id
 * order (as cancelMemberBookings does, so two of them cannot deadlock); the booking becomes
 * `cancelled_by_studio` and its place goes to the waitlist. Returns the notices to send after
 * commit: the attendee's (`pass_refunded`: their class goes ahead without them) and the promoted attendees'.
 */
export async function cancelEntitlementBookings({
  tx,
  accountId,
  entitlementId,
  now,
}: {
  tx: TenantTx;
  accountId: string;
  entitlementId: string;
  now: Date;
}): Promise<BookingNotice[]> {
  const instances = await tx.$queryRaw<{ instanceId: string }[]>`
    SELECT DISTINCT b."instanceId"
    FROM "Booking" b
    JOIN "Instance" i ON i."id" = b."instanceId" AND i."accountId" = b."accountId"
    WHERE b."accountId" = ${accountId} AND b."entitlementId" = ${entitlementId}
      AND b."status" = 'confirmed' AND b."attendance" IS DISTINCT FROM 'attended' AND i."startsAt" > ${now}
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
    notices.push(...released.map((booking) => ({ kind: "pass_refunded" as const, bookingId: booking.id })));
    const promoted = await promoteWaitlist({ tx, instance, now });
    notices.push(...promoted.map((booking) => ({ kind: "promoted" as const, bookingId: booking.id })));
  }
  return notices;
}
