import "server-only";
import type { PromoCode } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";

/** The account's promo codes, newest first. */
export function listPromoCodes({ db }: { db: TenantDb }): Promise<PromoCode[]> {
  return db.promoCode.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
}
