import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";

export type ProductRevenue = { productId: string; name: string; currency: string; amount: number; orders: number };

/**
 * Revenue per product over [from, to): orders PAID in the period and still `paid` (a refunded order
 * counts nothing), as GET /admin/summary's revenue. One row per product and currency, the largest
 * amount first (then by name).
 */
export async function listRevenueByProduct({
  db,
  from,
  to,
}: {
  db: TenantDb;
  from: Date;
  to: Date;
}): Promise<ProductRevenue[]> {
  const groups = await db.order.groupBy({
    by: ["productId", "currency"],
    where: { status: "paid", paidAt: { gte: from, lt: to } },
    _sum: { amount: true },
    _count: { _all: true },
  });
  const products = await db.product.findMany({
    where: { id: { in: [...new Set(groups.map((group) => group.productId))] } },
    select: { id: true, name: true },
  });
  const names = new Map(products.map((product) => [product.id, product.name]));
  return groups
    .map((group) => ({
      productId: group.productId,
      name: names.get(group.productId) ?? "",
      currency: group.currency,
      amount: group._sum.amount ?? 0,
      orders: group._count._all,
    }))
    .sort((a, b) => b.amount - a.amount || a.name.localeCompare(b.name));
}
