import "server-only";
import type { Order, Prisma } from "@prisma/client";
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";
import type { OrderWireContext, OrderWithWithdrawal } from "@/lib/schemas/order";

/** The include that lists orders with whether each was withdrawn, in the same query (no query per order). */
export const WITH_WITHDRAWAL = { withdrawal: { select: { id: true } } } as const satisfies Prisma.OrderInclude;

/** What serializeOrder needs beside the orders: the studio's timezone (its withdrawal periods' days), read once. */
export async function orderWireContext(
  db: TenantDb | TenantTx,
  accountId: string,
  now = new Date(),
): Promise<OrderWireContext> {
  const { timezone } = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { timezone: true } });
  return { timezone, now };
}

/** One order with whether it was withdrawn (an order a write answered). */
export async function withWithdrawal(db: TenantDb | TenantTx, order: Order): Promise<OrderWithWithdrawal> {
  const withdrawal = await db.withdrawal.findUnique({ where: { orderId: order.id }, select: { id: true } });
  return { ...order, withdrawal };
}
