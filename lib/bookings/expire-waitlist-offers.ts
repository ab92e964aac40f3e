import "server-only";
import { db } from "@/lib/db";
import { tenantDb, type TenantTx } from "@/lib/db/tenant-db";
import { TRANSACTION_OPTIONS, withRetry } from "@/lib/db/with-retry";
import { enqueueBookingEmails } from "./booking-email-outbox";
import { lockInstance } from "./lock-instance";
import { promoteWaitlist } from "./promote-waitlist";
import { releaseBookings } from "./release-bookings";

/** How many instances with lapsed offers one sweep handles at most (the next sweep takes the rest). */
const SWEEP_BATCH = 100;

/**
 * Passes on the offers not claimed by `now` (decision 0039), one transaction per instance under its
 * row lock: each lapsed booking leaves the waitlist (`cancelled`, no credit was taken) and its held
 * place goes to the next in line by promote_waitlist (another offer, or inside the auto window a
 * promotion), emails in the outbox. The conditional UPDATE under the lock makes an offer lapse once
 * however many processes sweep. How many offers lapsed.
 */
export async function expireWaitlistOffers(now: Date): Promise<number> {
  const due = await db.booking.findMany({
    where: { status: "waitlisted", offerExpiresAt: { lte: now } },
    distinct: ["instanceId"],
    select: { accountId: true, instanceId: true },
    orderBy: { instanceId: "asc" },
    take: SWEEP_BATCH,
  });
  let lapsed = 0;
  for (const { accountId, instanceId } of due) {
    lapsed += await withRetry(
      () => tenantDb(accountId).$transaction((tx) => passOffersOn(tx, accountId, instanceId, now), TRANSACTION_OPTIONS),
      { label: "waitlist offers sweep" },
    );
  }
  return lapsed;
}

async function passOffersOn(tx: TenantTx, accountId: string, instanceId: string, now: Date): Promise<number> {
  const instance = await lockInstance({ tx, accountId, instanceId });
  if (!instance) return 0;
  const released = await releaseBookings({
    tx,
    instance,
    filter: { offerLapsedBy: now },
    statusFor: { confirmed: "cancelled", waitlisted: "cancelled" },
    now,
  });
  if (released.length === 0) return 0;
  const promoted = await promoteWaitlist({ tx, instance, now });
  await enqueueBookingEmails(
    tx,
    accountId,
    promoted.map((booking) => ({ kind: "promoted" as const, bookingId: booking.id })),
  );
  return released.length;
}
