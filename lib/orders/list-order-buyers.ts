import "server-only";
import { db } from "@/lib/db";
import type { ContactPerson } from "@/lib/users/contact-label";
import { realEmail } from "@/lib/users/stand-in-addresses";

export type OrderBuyer = {
  /** The order's holder (Order.userId). */
  id: string;
  displayName: string;
  /** null for one without an address. */
  email: string | null;
  /** Who paid: a dependant's guardian (POST /checkout `forUserId`, as the receipt says), else the holder. */
  payer: ContactPerson & { displayName: string };
  /** The holder's name when someone else paid ("for Liva"), else null. */
  paidFor: string | null;
};

/**
 * The people behind these orders, by user id: the holder, and who paid. Looked up by identity, not
 * membership: a removed member keeps their orders.
 */
export async function listOrderBuyers({ orders }: { orders: { userId: string }[] }): Promise<OrderBuyer[]> {
  const holders = await db.user.findMany({
    where: { id: { in: [...new Set(orders.map((order) => order.userId))] } },
    select: { id: true, displayName: true, email: true, guardian: { select: { displayName: true, email: true } } },
  });
  return holders.map(({ guardian, ...holder }) => ({
    id: holder.id,
    displayName: holder.displayName,
    email: realEmail(holder.email),
    payer: guardian
      ? { displayName: guardian.displayName, email: guardian.email }
      : { displayName: holder.displayName, email: holder.email, guardian: null },
    paidFor: guardian ? holder.displayName : null,
  }));
}
