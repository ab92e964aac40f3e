import "server-only";
import type { TenantTx } from "@/lib/db/tenant-db";
import { enqueueBookingEmails } from "./booking-email-outbox";
import type { BookingRow } from "./booking-notice";
import type { LockedInstance } from "./lock-instance";
import { planOffer, quietHoursOf, type OfferPlan } from "./offer-plan";

/**
 * Fills the free places of an instance whose row the caller has locked from its waitlist: the
 * database function promote_waitlist (prisma/sql/functions/promote_waitlist.sql), which gives each
 * place by the same write as a booking (take_place), in queue order, and promotes nothing once the
 * instance has started at `now` or is cancelled. When the account's rule offers the place instead
 * (planOffer: `offer` mode outside its auto window and its quiet hours, decisions 0039 and 0048), it
 * is held for the booking until `offerExpiresAt`, its `offered` email written here to the outbox
 * (held there until the quiet hours end). Returns the promoted (confirmed) bookings; `instance` gets
 * the new counters.
 */
export async function promoteWaitlist({
  tx,
  instance,
  now,
}: {
  tx: TenantTx;
  instance: LockedInstance;
  now: Date;
}): Promise<BookingRow[]> {
  const plan = await offerPlanFor(tx, instance, now);
  const placed = await tx.$queryRaw<BookingRow[]>`
    SELECT * FROM promote_waitlist(${instance.accountId}, ${instance.id}, ${now.toISOString()}::timestamp,
                                   ${plan?.expiresAt.toISOString() ?? null}::timestamp)`;
  const promoted = placed.filter((booking) => booking.status === "confirmed");
  const offered = placed.filter((booking) => booking.status === "waitlisted");
  instance.bookedCount += placed.length;
  instance.waitlistCount -= promoted.length;
  const notBefore = plan && plan.emailAt > now ? plan.emailAt : undefined;
  await enqueueBookingEmails(
    tx,
    instance.accountId,
    offered.map((booking) => ({ kind: "offered" as const, bookingId: booking.id, notBefore })),
  );
  return promoted;
}

/** The account's offer rule for this instance now (its start read again: a move may have changed it). */
export async function offerPlanFor(
  tx: Pick<TenantTx, "$queryRaw">,
  instance: Pick<LockedInstance, "id" | "accountId">,
  now: Date,
): Promise<OfferPlan | null> {
  const [row] = await tx.$queryRaw<
    {
      startsAt: Date;
      waitlistMode: string;
      waitlistOfferMinutes: number;
      waitlistAutoWithinMinutes: number;
      quietHoursFrom: string | null;
      quietHoursTo: string | null;
      timezone: string;
    }[]
  >`
    SELECT i."startsAt", a."waitlistMode", a."waitlistOfferMinutes", a."waitlistAutoWithinMinutes",
           a."quietHoursFrom", a."quietHoursTo", a."timezone"
    FROM "Instance" i JOIN "Account" a ON a."id" = i."accountId"
    WHERE i."id" = ${instance.id} AND i."accountId" = ${instance.accountId}`;
  if (!row) return null;
  return planOffer({ now, startsAt: row.startsAt, policy: { ...row, quietHours: quietHoursOf(row) } });
}
