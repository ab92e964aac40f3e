import "server-only";
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";
import { env } from "@/lib/env";
import { unsealMobilepayCredentials } from "@/lib/payments/mobilepay-credentials";
import type { SalesUnit } from "./client";

/**
 * The studio's connected Vipps MobilePay sales unit with its keys unsealed; null when none is saved
 * or Vipps MobilePay refused its keys (`failing`), as members cannot pay through it then.
 */
export async function connectedSalesUnit(db: TenantDb | TenantTx): Promise<SalesUnit | null> {
  const row = await db.accountPayments.findFirst({
    select: {
      mobilepayStatus: true,
      mobilepayMerchantSerialNumber: true,
      mobilepayCredentials: true,
      mobilepayTestMode: true,
    },
  });
  if (row?.mobilepayStatus !== "connected" || !row.mobilepayCredentials || !row.mobilepayMerchantSerialNumber)
    return null;
  return {
    ...unsealMobilepayCredentials(row.mobilepayCredentials, env().WEBHOOK_SECRET_KEY),
    merchantSerialNumber: row.mobilepayMerchantSerialNumber,
    testMode: row.mobilepayTestMode,
  };
}
