import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";

/** The audit records of moves, cancellations, restores and teacher changes, in the order they were made. */
export async function listInstanceExceptions({ db, instanceId }: { db: TenantDb; instanceId?: string }) {
  return db.instanceException.findMany({
    where: instanceId ? { instanceId } : {},
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}
