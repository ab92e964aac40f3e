import "server-only";
import { tenantDb, type TenantDb, type TenantTx } from "@/lib/db/tenant-db";
import { env } from "@/lib/env";
import { unsealMobilepayCredentials } from "./credentials";
import { MobilepayKeysRefused, type SalesUnit } from "./client";

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

/**
 * After a failed call: when Vipps MobilePay refused the sales unit's keys (401/403), the studio's
 * MobilePay reads `failing` (the settings page says so; checkout answers 409 until new keys are saved).
 */
export async function noteRefusedKeys(accountId: string, error: unknown): Promise<void> {
  if (!(error instanceof MobilepayKeysRefused)) return;
  await tenantDb(accountId).accountPayments.updateMany({
    where: { mobilepayStatus: "connected" },
    data: { mobilepayStatus: "failing" },
  });
}
