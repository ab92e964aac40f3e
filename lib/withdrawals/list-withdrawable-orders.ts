import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { householdOrdersWhere } from "@/lib/households/household-scope";
import { orderWithdrawal, WITHDRAWAL_DAYS } from "./withdrawal-right";

/** Past the 14 days, weekends and the Christmas days can move the last day on by at most a few more. */
const LOOK_BACK_DAYS = WITHDRAWAL_DAYS + 10;

/**
 * The orders a signed-in member may withdraw from at `now` (their own and those they paid for their
 * dependants, as their receipts list them), newest first, each with its product and when its period ends.
 */
export async function listWithdrawableOrders({
  db,
  userId,
  timezone,
  now,
}: {
  db: TenantDb;
  userId: string;
  timezone: string;
  now: Date;
}) {
  const since = new Date(now.getTime() - LOOK_BACK_DAYS * 24 * 60 * 60 * 1000);
  const orders = await db.order.findMany({
    where: {
      AND: [
        householdOrdersWhere(userId),
        { status: "paid", withdrawalDays: { not: null }, withdrawal: null },
        { OR: [{ createdAt: { gte: since } }, { paidAt: { gte: since } }] },
      ],
    },
    include: { product: { select: { name: true } } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return orders.flatMap((order) => {
    const withdrawal = orderWithdrawal(order, { timezone, withdrawn: false, now });
    return withdrawal?.status === "open" ? [{ order, until: withdrawal.until }] : [];
  });
}
