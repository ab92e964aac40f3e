import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { createdBefore, newestFirst, toPage } from "@/lib/schemas/page";

/** An endpoint's deliveries, newest first, a keyset page at a time (404 for another account's endpoint). */
export async function listWebhookDeliveries(options: {
  db: TenantDb;
  webhookId: string;
  limit?: number;
  after?: { createdAt: Date; id: string };
}) {
  const { db, webhookId, limit, after } = options;
  if ((await db.webhook.count({ where: { id: webhookId } })) === 0) throw new AppError("not_found");
  const rows = await db.webhookDelivery.findMany({
    where: {
      webhookId,
      ...createdBefore(after && [after.createdAt, after.id]),
    },
    select: {
      id: true,
      eventType: true,
      status: true,
      attempts: true,
      lastStatusCode: true,
      nextAttemptAt: true,
      createdAt: true,
    },
    orderBy: newestFirst(),
    take: limit === undefined ? undefined : limit + 1,
  });
  return toPage(rows, limit, (row) => [row.createdAt.toISOString(), row.id] as const);
}

/**
 * Sends a delivery again soon (whatever its status): due now, its attempts kept. One attempt: a
 * failed delivery that fails again stays failed. A delivery being sent right now is left to it:
 * false then.
 */
export async function retryWebhookDelivery(options: {
  db: TenantDb;
  webhookId: string;
  deliveryId: string;
  now: Date;
}): Promise<boolean> {
  const { db, webhookId, deliveryId, now } = options;
  const found = await db.webhookDelivery.count({ where: { id: deliveryId, webhookId } });
  if (found === 0) throw new AppError("not_found");
  const { count } = await db.webhookDelivery.updateMany({
    where: { id: deliveryId, webhookId, OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }] },
    data: { status: "pending", nextAttemptAt: now, lockedUntil: null },
  });
  return count > 0;
}
