import "server-only";
import type { Order, Refund } from "@prisma/client";
import { declareOutboxWrites } from "@/lib/db/outbox-writes";
import type { TenantTx } from "@/lib/db/tenant-db";
import { dineroReference } from "./dinero-voucher";

/**
 * A paid order's sales voucher or one refund's credit voucher (of that refund's amount) for the
 * studio's Dinero, in the transaction that paid the order or recorded the refund; nothing when the
 * studio has no Dinero connected or nothing was paid. Once per sale and per refund (the unique
 * reference): an event told twice is one voucher. The jobs runner is woken when the transaction
 * commits (lib/db/outbox-writes.ts).
 */
export async function enqueueDineroVoucher(
  tx: TenantTx,
  order: Pick<Order, "id" | "accountId" | "amount">,
  kind: "sale" | "refund",
  refund?: Pick<Refund, "id" | "amount">,
): Promise<void> {
  if ((refund ?? order).amount <= 0) return;
  const reference = dineroReference(refund ? { refundId: refund.id } : { orderId: order.id });
  const inserted = await tx.$executeRaw`
    INSERT INTO "DineroVoucher" ("accountId", "orderId", "kind", "refundId", "reference")
    SELECT ${order.accountId}, ${order.id}, ${kind}, ${refund?.id ?? null}, ${reference}
    WHERE EXISTS (SELECT 1 FROM "DineroConnection" WHERE "accountId" = ${order.accountId})
    ON CONFLICT ("reference") DO NOTHING`;
  if (inserted > 0) declareOutboxWrites("Dinero vouchers"); // a raw statement: told at the commit
}
