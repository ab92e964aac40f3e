// Deletes settled webhook deliveries once they are past keeping (decision 0023): the outbox is
// also the deliveries log, so rows stay after success, but not for ever.
import type { RawSql } from "@/lib/db/raw-sql";

/** A succeeded or failed delivery is kept this long after it was enqueued (the deliveries log, retry). */
export const DELIVERY_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** A process prunes at most this often (periodic work of the jobs runner, lib/jobs/app-jobs.ts). */
export const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
/** Rows one pass deletes at most: a short statement, whatever the backlog. */
export const PRUNE_BATCH_SIZE = 1000;

/**
 * Deletes up to `limit` deliveries that are `succeeded` or `failed` and were enqueued more than
 * 30 days before `now`, oldest first; pending ones are never touched. Rows another process is
 * deleting meanwhile are skipped. Returns how many it deleted.
 */
export async function pruneWebhookDeliveries({
  sql,
  now,
  limit = PRUNE_BATCH_SIZE,
}: {
  sql: RawSql;
  now: Date;
  limit?: number;
}): Promise<number> {
  const [row] = await sql.query<{ count: number }>({
    text: `
    WITH deleted AS (
      DELETE FROM "WebhookDelivery" WHERE "id" IN (
        SELECT "id" FROM "WebhookDelivery"
        WHERE "status" IN ('succeeded', 'failed') AND "createdAt" < $1::timestamp
        ORDER BY "createdAt" LIMIT $2::int
        FOR UPDATE SKIP LOCKED
      )
      RETURNING 1
    )
    SELECT count(*)::int AS "count" FROM deleted`,
    values: [new Date(now.getTime() - DELIVERY_RETENTION_MS), limit],
  });
  return row?.count ?? 0;
}
