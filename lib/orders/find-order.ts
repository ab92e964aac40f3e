import "server-only";
import type { Order } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";

/** One order of the account by id, or null (another account's is null too). */
export async function findOrder({ db, orderId }: { db: TenantDb; orderId: string }): Promise<Order | null> {
  return db.order.findFirst({ where: { id: orderId } });
}
