import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { changeInstance } from "./change-instance";

/**
 * Cancels a scheduled or moved instance and records a `cancel` exception. This is the single place
 * that cancels an instance: its bookings (confirmed and waitlisted → `cancelled_by_studio`, credits
 * returned) are to be cancelled in `alsoInTransaction` below, in the same transaction. A cancelled
 * instance answers 409 `Instance is cancelled`.
 */
export async function cancelInstance({ db, instanceId }: { db: TenantDb; instanceId: string }) {
  return changeInstance({
    db,
    instanceId,
    decide: (instance) => {
      if (instance.status === "cancelled") throw new AppError("instance_cancelled");
      return {
        data: { status: "cancelled" },
        exception: { type: "cancel", originalStartsAt: instance.startsAt, replacementStartsAt: null },
      };
    },
    alsoInTransaction: async () => {
      // Bookings arrive with issue 4: cancel them here, inside the instance's transaction.
    },
  });
}
