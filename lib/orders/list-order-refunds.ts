import "server-only";
import type { Refund } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";

/** The refunds (credit notes) of these orders of the active account, each order's oldest first. */
export async function listOrderRefunds({
  db,
  orderIds,
}: {
  db: TenantDb;
  orderIds: string[];
}): Promise<Map<string, Refund[]>> {
  const refunds = await db.refund.findMany({
    where: { orderId: { in: orderIds } },
    orderBy: [{ refundedAt: "asc" }, { creditNoteNumber: "asc" }],
  });
  const byOrder = new Map<string, Refund[]>();
  for (const refund of refunds) byOrder.set(refund.orderId, [...(byOrder.get(refund.orderId) ?? []), refund]);
  return byOrder;
}
