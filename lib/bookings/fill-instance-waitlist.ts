import "server-only";
import type { TenantTx } from "@/lib/db/tenant-db";
import { enqueueBookingEmails } from "./booking-email-outbox";
import type { BookingRow } from "./booking-notice";
import { lockInstance, type LockedInstance } from "./lock-instance";
import { promoteWaitlist } from "./promote-waitlist";

/**
 * Fills an instance's free places from its waitlist (promote_waitlist, queue order) after a change
 * that may have freed places, in the caller's transaction, with the promotion emails in the outbox
 * (the commit wakes the sender). Locks the instance row unless `locked` is the caller's.
 * Returns the promoted bookings; none for an instance the account does not have.
 */
export async function fillInstanceWaitlist({
  tx,
  accountId,
  instanceId,
  locked,
  now,
}: {
  tx: TenantTx;
  accountId: string;
  instanceId: string;
  locked?: LockedInstance;
  now: Date;
}): Promise<BookingRow[]> {
  const instance = locked ?? (await lockInstance({ tx, accountId, instanceId }));
  if (!instance) return [];
  const promoted = await promoteWaitlist({ tx, instance, now });
  await enqueueBookingEmails(
    tx,
    accountId,
    promoted.map((row) => ({ kind: "promoted" as const, bookingId: row.id })),
  );
  return promoted;
}
