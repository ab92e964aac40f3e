import "server-only";
import { tenantDb } from "@/lib/db/tenant-db";
import { MOBILEPAY_MEMBERSHIPS_ON_SALE } from "./on-sale";

/** Whether the studio's members can pay memberships with MobilePay: its own sales unit is connected. */
export async function offersMobilepayMemberships(accountId: string): Promise<boolean> {
  if (!MOBILEPAY_MEMBERSHIPS_ON_SALE) return false;
  const row = await tenantDb(accountId).accountPayments.findFirst({ select: { mobilepayStatus: true } });
  return row?.mobilepayStatus === "connected";
}
