import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";

/**
 * One instance of the account with its event's title and location and the account's cancellation
 * window (the roster's late-cancel choice); null when it is not the account's.
 */
export async function findInstanceWithEvent({ db, instanceId }: { db: TenantDb; instanceId: string }) {
  return db.instance.findFirst({
    where: { id: instanceId },
    include: {
      event: { select: { title: true, location: true } },
      account: { select: { cancellationWindowHours: true } },
    },
  });
}
