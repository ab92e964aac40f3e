import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";

export type DineroState = "waiting" | "sent" | "failed";

/**
 * Where each of these orders stands in the studio's Dinero (the orders page): its refund's voucher
 * when it has one, else its sale's. Orders never sent (Dinero not connected) are absent.
 */
export async function listDineroStates({
  db,
  orderIds,
}: {
  db: TenantDb;
  orderIds: string[];
}): Promise<Map<string, DineroState>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.dineroVoucher.findMany({
    where: { orderId: { in: orderIds } },
    select: { orderId: true, kind: true, status: true },
    orderBy: { id: "asc" },
  });
  const states = new Map<string, DineroState>();
  for (const row of rows) {
    const failedBefore = states.get(row.orderId) === "failed";
    // a failed sale stays shown as failed whatever its refund's voucher did
    if (!failedBefore || row.kind === "sale") states.set(row.orderId, row.status as DineroState);
  }
  return states;
}
