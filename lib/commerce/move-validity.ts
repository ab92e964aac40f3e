import "server-only";
import type { Entitlement } from "@prisma/client";
import { fillWaitlistsOf } from "@/lib/bookings/promote-attendee-waitlists";
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";
import { TRANSACTION_OPTIONS, withRetry } from "@/lib/db/with-retry";
import { AppError } from "@/lib/errors";
import type { Pause } from "./entitlement-pause";

/**
 * Writes a new pause and the `validUntil` it gives (a cancelled subscription's `cancelAt` follows:
 * it is the end of the paid period). Only if nobody changed the pause or validity since `read`
 * (a renewal, another pause): else 409 `Request in progress`, and nothing is written. In the same
 * transaction the classes the pass covers now fill the waitlists its holder stands on (a pause
 * ended early, or one whose added days reach further classes); then `alsoWrite`, the caller's part
 * of the same change (a new pause cancels the bookings on its days).
 */
export async function moveValidity(
  db: TenantDb,
  read: Entitlement,
  change: { pause: Pause; validUntil: Date | null },
  alsoWrite?: (tx: TenantTx) => Promise<void>,
): Promise<Entitlement> {
  const moved = await withRetry(
    () =>
      db.$transaction(async (tx) => {
        const [written] = await tx.entitlement.updateManyAndReturn({
          where: {
            id: read.id,
            pausedFrom: read.pausedFrom,
            pausedUntil: read.pausedUntil,
            validUntil: read.validUntil,
            cancelAt: read.cancelAt,
          },
          data: {
            ...change.pause,
            validUntil: change.validUntil,
            ...(read.cancelAt ? { cancelAt: change.validUntil } : {}),
          },
        });
        if (!written) throw new AppError("request_in_progress");
        await fillWaitlistsOf({ tx, accountId: read.accountId, userId: read.userId });
        await alsoWrite?.(tx);
        return written;
      }, TRANSACTION_OPTIONS),
    { label: "entitlement pause" },
  );
  return moved;
}
