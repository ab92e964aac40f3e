import "server-only";
import type { Order } from "@prisma/client";
import { declareOutboxWrites } from "@/lib/db/outbox-writes";
import type { TenantTx } from "@/lib/db/tenant-db";

/**
 * A paid order's sales voucher or a refund's credit voucher for the studio's Dinero, in the
 * transaction that paid or refunded it; nothing when the studio has no Dinero connected or the
 * order cost nothing. Once per order and kind (the unique key): an event told twice is one voucher.
 * The jobs runner is woken when the transaction commits (lib/db/outbox-writes.ts).
 */
export async function enqueueDineroVoucher(
  tx: TenantTx,
  order: Pick<Order, "id" | "accountId" | "amount">,
  kind: "sale" | "refund",
): Promise<void> {
  if (order.amount <= 0) return;
  const inserted = await tx.$executeRaw`
    INSERT INTO "DineroVoucher" ("accountId", "orderId", "kind")
    SELECT ${order.accountId}, ${order.id}, ${kind}
    WHERE EXISTS (SELECT 1 FROM "DineroConnection" WHERE "accountId" = ${order.accountId})
    ON CONFLICT ("orderId", "kind") DO NOTHING`;
  if (inserted > 0) declareOutboxWrites("Dinero vouchers"); // a raw statement: told at the commit
}
