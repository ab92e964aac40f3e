import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import type { OrderFilter, OrderKey } from "@/lib/schemas/order-filter";
import { createdBefore, newestFirst, toPage, type Page } from "@/lib/schemas/page";
import type { OrderWithWithdrawal } from "@/lib/schemas/order";
import { orderFilterWhere } from "./order-filter-where";
import { WITH_WITHDRAWAL } from "./order-wire";

/**
 * Every order of the account (online purchases, desk grants, renewals), newest first (then by id,
 * so that a page ends at a row and the next begins after it); a page of `limit` after `after`. With
 * `filter` only the orders it keeps (its studio dates read in the timezone of `filter.accountId`).
 */
export async function listOrders({
  db,
  limit,
  after,
  filter,
}: {
  db: TenantDb;
  limit?: number;
  after?: OrderKey;
  filter?: OrderFilter & { accountId: string };
}): Promise<Page<OrderWithWithdrawal, [string, string]>> {
  const filtered = filter ? await orderFilterWhere({ db, accountId: filter.accountId, filter }) : {};
  const rows = await db.order.findMany({
    where: after ? { AND: [filtered, createdBefore(after)] } : filtered,
    orderBy: newestFirst(),
    include: WITH_WITHDRAWAL,
    ...(limit === undefined ? {} : { take: limit + 1 }),
  });
  return toPage(rows, limit, (order): [string, string] => [order.createdAt.toISOString(), order.id]);
}
