import "server-only";
import type { TenantTx } from "@/lib/db/tenant-db";

/** An instance row locked FOR UPDATE, with the booking policy of its account. */
export type LockedInstance = {
  id: string;
  accountId: string;
  eventId: string;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  status: string;
  audience: string;
  groupIds: string[];
  bookedCount: number;
  waitlistCount: number;
  opensDaysBefore: number;
  closesMinutesBefore: number;
  cancellationWindowHours: number;
  waitlistEnabled: boolean;
};

/**
 * Locks one instance row of the account (`SELECT … FOR UPDATE`) until the transaction ends. This is
 * the first lock every booking transaction takes: bookings, cancellations, promotions, instance
 * cancels and membership removals of one instance queue here, so the counters on the row and the
 * instance's bookings are read and changed by one transaction at a time. Undefined when the
 * instance does not exist in the account.
 */
export async function lockInstance({
  tx,
  accountId,
  instanceId,
}: {
  tx: TenantTx;
  accountId: string;
  instanceId: string;
}): Promise<LockedInstance | undefined> {
  const rows = await tx.$queryRaw<LockedInstance[]>`
    SELECT i."id", i."accountId", i."eventId", i."startsAt", i."endsAt", i."capacity", i."status", i."audience",
           i."groupIds", i."bookedCount", i."waitlistCount",
           a."opensDaysBefore", a."closesMinutesBefore", a."cancellationWindowHours", a."waitlistEnabled"
    FROM "Instance" i
    JOIN "Account" a ON a."id" = i."accountId"
    WHERE i."id" = ${instanceId} AND i."accountId" = ${accountId}
    FOR UPDATE OF i`;
  return rows[0];
}
