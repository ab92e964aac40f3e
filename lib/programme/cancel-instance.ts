import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { cancelInstanceBookings } from "@/lib/bookings/cancel-instance-bookings";
import { enqueueBookingEmails } from "@/lib/bookings/booking-email-outbox";
import { withRetry } from "@/lib/db/with-retry";
import { AppError } from "@/lib/errors";
import { serializeInstance } from "@/lib/schemas/instance";
import { withEventFlag } from "./with-event-flags";
import { enqueueWebhookEvent } from "@/lib/webhooks/enqueue-webhook-delivery";
import { changeInstance } from "./change-instance";

/**
 * Cancels a scheduled or moved instance and records a `cancel` exception. This is the single place
 * that cancels an instance: its bookings (confirmed and waitlisted → `cancelled_by_studio`, credits
 * returned) are to be cancelled in `alsoInTransaction` below, in the same transaction. A cancelled
 * instance answers 409 `Instance is cancelled`. Webhooks: `booking.cancelled` for each booking,
 * then `instance.cancelled`, all as of one moment.
 */
export async function cancelInstance({ db, instanceId }: { db: TenantDb; instanceId: string }) {
  const now = new Date();
  // A deadlock with a concurrent booking transaction (over entitlement rows) runs the cancel again.
  const instance = await withRetry(
    () =>
      changeInstance({
        db,
        instanceId,
        decide: (instance) => {
          if (instance.status === "cancelled") throw new AppError("instance_cancelled");
          return {
            data: { status: "cancelled" },
            exception: { type: "cancel", originalStartsAt: instance.startsAt, replacementStartsAt: null },
          };
        },
        alsoInTransaction: async (tx, before, after) => {
          // Confirmed and waitlisted bookings → cancelled_by_studio, credits returned, counters to zero.
          const cancelled = await cancelInstanceBookings({
            tx,
            accountId: before.accountId,
            instanceId: before.id,
            now,
          });
          Object.assign(after, cancelled.counters);
          await enqueueBookingEmails(tx, before.accountId, cancelled.notices); // "class cancelled by the studio"
          await enqueueWebhookEvent(tx, {
            accountId: before.accountId,
            type: "instance.cancelled",
            data: serializeInstance(await withEventFlag(tx, after)),
            now,
          });
        },
      }),
    { label: "PATCH /instances/{instanceId}" },
  );
  return instance;
}
