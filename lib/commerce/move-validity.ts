import "server-only";
import type { Entitlement } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import type { Pause } from "./entitlement-pause";

/**
 * Writes a new pause and the `validUntil` it gives (a cancelled subscription's `cancelAt` follows:
 * it is the end of the paid period). Only if nobody changed the pause or validity since `read`
 * (a renewal, another pause): else 409 `Request in progress`, and nothing is written.
 */
export async function moveValidity(
  db: TenantDb,
  read: Entitlement,
  change: { pause: Pause; validUntil: Date | null },
): Promise<Entitlement> {
  const [moved] = await db.entitlement.updateManyAndReturn({
    where: {
      id: read.id,
      pausedFrom: read.pausedFrom,
      pausedUntil: read.pausedUntil,
      validUntil: read.validUntil,
      cancelAt: read.cancelAt,
    },
    data: { ...change.pause, validUntil: change.validUntil, ...(read.cancelAt ? { cancelAt: change.validUntil } : {}) },
  });
  if (!moved) throw new AppError("request_in_progress");
  return moved;
}
