import "server-only";
import { db } from "@/lib/db";

/**
 * The people behind these orders, by user id: name and email. Looked up by identity, not membership:
 * a removed member keeps their orders.
 */
export async function listOrderBuyers({ orders }: { orders: { userId: string }[] }) {
  return db.user.findMany({
    where: { id: { in: [...new Set(orders.map((order) => order.userId))] } },
    select: { id: true, displayName: true, email: true },
  });
}
