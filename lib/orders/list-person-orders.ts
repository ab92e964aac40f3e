import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { householdOrdersWhere, type Household } from "@/lib/households/household-scope";
import { createdBefore, newestFirst, toPage, type CreatedKey } from "@/lib/schemas/page";
import { WITH_WITHDRAWAL } from "./order-wire";

/**
 * A person's orders in the active account, newest first (GET /me/orders; GET /users/{userId}/orders);
 * `household`: those they paid for their dependants too (decision 0038).
 */
export async function listPersonOrders({
  db,
  userId,
  household,
}: {
  db: TenantDb;
  userId: string;
  household?: Household;
}) {
  return db.order.findMany({
    where: household ? householdOrdersWhere(household) : { userId },
    orderBy: newestFirst(),
    include: WITH_WITHDRAWAL,
  });
}

/** The sort key of a person's orders: created, then id, both descending (GET /orders's key). */
export type PersonOrderKey = CreatedKey;

/**
 * One page of a person's orders, newest first, `limit` of them after `after` (the person page's list;
 * the member's receipts with `receipted` and `household`).
 */
export async function listPersonOrdersPage({
  db,
  userId,
  limit,
  after,
  household,
  receipted = false,
}: {
  db: TenantDb;
  userId: string;
  limit: number;
  after?: PersonOrderKey;
  household?: Household;
  /** Only orders with a receipt number (paid, or refunded since). */
  receipted?: boolean;
}) {
  const rows = await db.order.findMany({
    where: {
      AND: [
        household ? householdOrdersWhere(household) : { userId },
        receipted ? { receiptNumber: { not: null } } : {},
        createdBefore(after),
      ],
    },
    orderBy: newestFirst(),
    take: limit + 1,
  });
  return toPage(rows, limit, (order): PersonOrderKey => [order.createdAt, order.id]);
}

/** A person's instalments whose payment failed, newest first: the desk is told of each, whatever page it reads. */
export async function listFailedInstalments({ db, userId }: { db: TenantDb; userId: string }) {
  return db.order.findMany({
    where: { userId, status: "failed", instalment: { not: null }, instalments: { not: null } },
    orderBy: newestFirst(),
  });
}
