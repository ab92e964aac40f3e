import "server-only";
import type { Order } from "@prisma/client";
import type { TenantTx } from "@/lib/db/tenant-db";

/**
 * A paid order's sales voucher or a refund's credit voucher for the studio's Dinero, in the
 * transaction that paid or refunded it; nothing when the studio has no Dinero connected or the
 * order cost nothing. Once per order and kind (the unique key): an event told twice is one voucher.
 * The caller wakes the jobs runner after its commit, as it does for the order's webhook and email.
 */
export async function enqueueDineroVoucher(
  tx: TenantTx,
  order: Pick<Order, "id" | "accountId" | "amount">,
  kind: "sale" | "refund",
): Promise<void> {
  if (order.amount <= 0) return;
  await tx.$executeRaw`
    INSERT INTO "DineroVoucher" ("accountId", "orderId", "kind")
    SELECT ${order.accountId}, ${order.id}, ${kind}
    WHERE EXISTS (SELECT 1 FROM "DineroConnection" WHERE "accountId" = ${order.accountId})
    ON CONFLICT ("orderId", "kind") DO NOTHING`;
}
