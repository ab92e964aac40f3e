import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { announceInstanceMove } from "@/lib/bookings/announce-instance-move";
import { withRetry } from "@/lib/db/with-retry";
import { AppError } from "@/lib/errors";
import { changeInstance, keepDuration } from "./change-instance";

/**
 * Undoes cancels and moves: the instance returns to its original time (the one before its first
 * move) and to `scheduled`, and a `restore` exception is recorded. Bookings cancelled by a cancel are
 * not revived. An instance that is neither cancelled nor moved answers 409. A moved instance's
 * attendees are told of the time it returns to (announce-instance-move.ts).
 */
export async function restoreInstance({ db, instanceId }: { db: TenantDb; instanceId: string }) {
  const now = new Date();
  const restored = await withRetry(
    () =>
      changeInstance({
        db,
        instanceId,
        decide: (instance) => {
          if (instance.status === "scheduled") throw new AppError("instance_not_restorable");
          const original = instance.originalStartsAt ?? instance.startsAt;
          const moved = original.getTime() !== instance.startsAt.getTime();
          return {
            data: { ...keepDuration(instance, original), status: "scheduled", originalStartsAt: null },
            exception: {
              type: "restore",
              originalStartsAt: instance.startsAt,
              replacementStartsAt: moved ? original : null,
            },
          };
        },
        alsoInTransaction: async (tx, before) => {
          await announceInstanceMove({
            tx,
            accountId: before.accountId,
            instanceId,
            previous: { startsAt: before.startsAt },
            now,
          });
        },
      }),
    { label: "PATCH /instances/{instanceId}" },
  );
  return restored;
}
