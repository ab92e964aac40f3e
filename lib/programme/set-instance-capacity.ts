import "server-only";
import type { Instance } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { fillInstanceWaitlist } from "@/lib/bookings/fill-instance-waitlist";
import { lockInstance } from "@/lib/bookings/lock-instance";
import { TRANSACTION_OPTIONS, withRetry } from "@/lib/db/with-retry";
import { AppError } from "@/lib/errors";

/**
 * Sets an instance's capacity; its status is unchanged and no exception is recorded. Confirmed
 * bookings above a lowered capacity are kept (nobody loses a place: the class is simply over full
 * until people cancel). A raised capacity fills the new places from the waitlist as a cancellation
 * does (promote_waitlist, in queue order, not once the class has started or when it is cancelled),
 * under the instance's row lock so that it queues with bookings; the promoted are emailed after
 * commit.
 */
export async function setInstanceCapacity({
  db,
  accountId,
  instanceId,
  capacity,
  now = new Date(),
}: {
  db: TenantDb;
  accountId: string;
  instanceId: string;
  capacity: number;
  now?: Date;
}): Promise<Instance> {
  const instance = await withRetry(
    () =>
      db.$transaction(async (tx) => {
        const locked = await lockInstance({ tx, accountId, instanceId });
        if (!locked) throw new AppError("not_found");
        await tx.instance.updateMany({ where: { id: instanceId }, data: { capacity } });
        locked.capacity = capacity;
        await fillInstanceWaitlist({ tx, accountId, instanceId, locked, now });
        return tx.instance.findFirstOrThrow({ where: { id: instanceId } });
      }, TRANSACTION_OPTIONS),
    { label: "PATCH /instances/{instanceId}" },
  );
  return instance;
}
