import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";

/** The audit records of moves, cancellations and restores, in the order they were made. */
export async function listInstanceExceptions({ db, instanceId }: { db: TenantDb; instanceId?: string }) {
  return db.instanceException.findMany({
    where: instanceId ? { instanceId } : {},
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}
