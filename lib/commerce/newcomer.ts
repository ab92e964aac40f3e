import "server-only";
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";

/**
 * Whether the person is new to the studio, so that they may buy an intro offer (a product with
 * `newcomersOnly`): no earlier paid order here (a refunded one was paid too; desk grants are paid
 * orders) and no class they attended here. The one rule checkout, its quote and the passes page use.
 */
export async function isNewcomer(db: Pick<TenantTx, "order" | "booking">, userId: string): Promise<boolean> {
  const [paid, attended] = await Promise.all([
    db.order.findFirst({ where: { userId, paidAt: { not: null } }, select: { id: true } }),
    db.booking.findFirst({ where: { attendeeId: userId, attendance: "attended" }, select: { id: true } }),
  ]);
  return paid === null && attended === null;
}

/**
 * The products a person may see offered, in the order to show them: intro offers first to a
 * newcomer (or a visitor not signed in, `userId` null), and not at all to anyone else.
 */
export async function offeredTo<T extends { newcomersOnly: boolean }>(
  db: TenantDb,
  userId: string | null,
  products: T[],
): Promise<T[]> {
  if (!products.some((product) => product.newcomersOnly)) return products;
  if (userId !== null && !(await isNewcomer(db, userId))) return products.filter((product) => !product.newcomersOnly);
  return [
    ...products.filter((product) => product.newcomersOnly),
    ...products.filter((product) => !product.newcomersOnly),
  ];
}
