import "server-only";
import type { Order } from "@prisma/client";
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";
import { TRANSACTION_OPTIONS } from "@/lib/db/with-retry";
import type { PaymentProvider } from "@/lib/payments/payment-provider";
import { createOrder } from "@/lib/orders/create-order";
import { markPaid } from "@/lib/orders/order-status";
import { instalmentDueAt, laterInstalmentAmount } from "./instalments";

/**
 * Takes the account's due instalments of prices paid in instalments, bought through a provider the
 * job charges itself (demo: paid at once; Stripe bills its own, reported by `invoice.paid`): for each
 * first order still paid (not refunded) with instalments left, every instalment whose due date
 * (instalments.ts) has come is a paid order linked to the first (`instalmentOf`, `instalment`), with
 * its receipt email. Each instalment is made exactly once however many processes run the job: the
 * first order's row is locked while its instalments are counted and written, and (instalmentOf,
 * instalment) is unique. Returns how many instalments were taken.
 */
export async function renewInstalments({
  db,
  accountId,
  provider,
  now,
}: {
  db: TenantDb;
  accountId: string;
  provider: PaymentProvider;
  now: Date;
}): Promise<number> {
  if (!provider.renewsByJob) return 0;
  const firsts = await db.order.findMany({
    where: { provider: provider.name, status: "paid", instalment: 1, instalments: { gt: 1 } },
    include: { _count: { select: { laterInstalments: true } } },
    orderBy: [{ paidAt: "asc" }, { id: "asc" }],
  });
  const due = firsts.filter((first) => {
    const next = first._count.laterInstalments + 2;
    return next <= first.instalments! && instalmentDueAt(first.paidAt!, next) <= now;
  });
  let taken = 0;
  for (const first of due) {
    taken += await db.$transaction(
      (tx) => takeDueInstalments(tx, { accountId, firstId: first.id, now }),
      TRANSACTION_OPTIONS,
    );
  }
  return taken;
}

/** The due instalments of one first order, under a lock on its row: how many were written now. */
async function takeDueInstalments(
  tx: TenantTx,
  { accountId, firstId, now }: { accountId: string; firstId: string; now: Date },
): Promise<number> {
  const [first] = await tx.$queryRaw<Order[]>`
    SELECT * FROM "Order" WHERE "accountId" = ${accountId} AND "id" = ${firstId} AND "status" = 'paid' FOR UPDATE`;
  if (!first?.paidAt || !first.instalments) return 0;
  const price = await tx.price.findFirst({ where: { id: first.priceId }, select: { amount: true } });
  let next = (await tx.order.count({ where: { instalmentOf: first.id } })) + 2;
  let written = 0;
  for (; next <= first.instalments && instalmentDueAt(first.paidAt, next) <= now; next++) {
    const order = await createOrder(tx, {
      userId: first.userId,
      productId: first.productId,
      price: {
        id: first.priceId,
        accountId,
        amount: laterInstalmentAmount(first, price?.amount ?? 0, next),
        currency: first.currency,
      },
      provider: first.provider,
      instalment: { of: first.id, instalment: next, instalments: first.instalments },
    });
    await markPaid(tx, order, { at: now, payment: { for: "instalment" } });
    written++;
  }
  return written;
}
