import "server-only";
import { db } from "@/lib/db";
import { realEmail } from "@/lib/users/stand-in-addresses";

/**
 * The people behind these orders, by user id: name and email (null for one without an address). Looked up by identity, not membership:
 * a removed member keeps their orders.
 */
export async function listOrderBuyers({ orders }: { orders: { userId: string }[] }) {
  const buyers = await db.user.findMany({
    where: { id: { in: [...new Set(orders.map((order) => order.userId))] } },
    select: { id: true, displayName: true, email: true },
  });
  return buyers.map((buyer) => ({ ...buyer, email: realEmail(buyer.email) }));
}
