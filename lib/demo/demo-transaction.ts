import "server-only";
import { randomUUID } from "node:crypto";
import { tenantDb, type TenantTx } from "@/lib/db/tenant-db";
import { withRetry } from "@/lib/db/with-retry";

/** pg_advisory_xact_lock key of the demo tenant: seeding and reset of every app process queue on it. */
const DEMO_LOCK_ID = 72_707_370;

/**
 * Runs `work` in one transaction that holds the demo lock, so that concurrent starts and resets of
 * any number of processes never see a half-written demo tenant or write it twice. The client is
 * scoped to `newAccountId`, the id the demo tenant gets if `work` (re)creates it. A reset deletes the
 * whole tenant while its background jobs and visitors may be writing to it: a deadlock with one of
 * them runs the transaction again.
 */
export async function inDemoTransaction<T>(work: (tx: TenantTx, newAccountId: string) => Promise<T>): Promise<T> {
  const newAccountId = randomUUID();
  return withRetry(
    () =>
      tenantDb(newAccountId).$transaction(
        async (tx) => {
          await tx.$executeRaw`SELECT pg_advisory_xact_lock(${DEMO_LOCK_ID}::bigint)`;
          return work(tx, newAccountId);
        },
        { maxWait: 10_000, timeout: 60_000 },
      ),
    { label: "demo", attempts: 3, baseDelayMs: 100 },
  );
}
