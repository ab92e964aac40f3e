import "server-only";
import type { AccountPayments } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type {
  AccountPaymentsDto,
  MobilepaySalesUnitInput,
  UpdateAccountPaymentsInput,
} from "@/lib/schemas/account-payments";
import { getAccountPayments } from "./get-account-payments";
import { sealMobilepayCredentials, unsealMobilepayCredentials } from "@/lib/payments/mobilepay/credentials";
import { MobilepayKeysRefused, mobilepayAccessToken, type SalesUnit } from "./mobilepay/client";
import { registerMobilepayWebhook, unregisterMobilepayWebhook } from "./mobilepay/studio-webhook";
import { methodAllowedFor, type PaymentMethod } from "./payment-methods";
import { ruleDetail } from "@/lib/error-details";

/**
 * Sets the methods the studio offers in Stripe Checkout and/or connects (or, with null, disconnects)
 * its own Vipps MobilePay sales unit. A method Stripe does not offer in the studio's currency
 * (MobilePay outside DKK, EUR, NOK and SEK) is 400.
 */
export async function updatePaymentMethods({
  db,
  accountId,
  input,
}: {
  db: TenantDb;
  accountId: string;
  input: UpdateAccountPaymentsInput;
}): Promise<AccountPaymentsDto> {
  if (input.paymentMethods) await refuseUnavailableMethods(db, accountId, input.paymentMethods);
  const data = {
    ...(input.paymentMethods && { paymentMethods: input.paymentMethods }),
    ...(input.mobilepayGraceDays !== undefined && { mobilepayGraceDays: input.mobilepayGraceDays }),
    ...(input.mobilepay !== undefined && (await mobilepayColumns(db, accountId, input.mobilepay))),
  };
  await db.accountPayments.upsert({ where: { accountId }, create: { accountId, ...data }, update: data });
  return getAccountPayments({ db });
}

async function refuseUnavailableMethods(db: TenantDb, accountId: string, methods: PaymentMethod[]) {
  const { currency } = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { currency: true } });
  const refused = methods.filter((method) => !methodAllowedFor(method, currency));
  if (refused.length > 0) {
    throw new AppError("validation_failed", {
      details: refused.map((method) =>
        ruleDetail("paymentMethods", "payment_method_unavailable", { method, currency }),
      ),
    });
  }
}

/**
 * The sales unit's columns. Its keys are proved by asking for an access token: refused keys are
 * saved as `failing` (the settings page says so); accepted keys register the studio's webhook
 * (Webhooks API). Vipps MobilePay out of reach is 503, saving nothing. The webhook of the keys
 * saved before is removed.
 */
async function mobilepayColumns(db: TenantDb, accountId: string, salesUnit: MobilepaySalesUnitInput | null) {
  const before = await db.accountPayments.findFirst({});
  const webhook = salesUnit && (await keysAccepted(salesUnit)) ? await registered(salesUnit, accountId) : null;
  await forgetWebhookOf(before);
  if (!salesUnit) {
    return {
      mobilepayMerchantSerialNumber: null,
      mobilepayCredentials: null,
      mobilepayStatus: "not_connected",
      mobilepayWebhookId: null,
      mobilepayWebhookSecret: null,
    };
  }
  const { merchantSerialNumber, clientId, clientSecret, subscriptionKey, testMode } = salesUnit;
  return {
    mobilepayMerchantSerialNumber: merchantSerialNumber,
    mobilepayCredentials: sealMobilepayCredentials(
      { clientId, clientSecret, subscriptionKey },
      env().WEBHOOK_SECRET_KEY,
    ),
    mobilepayTestMode: testMode,
    mobilepayStatus: webhook ? "connected" : "failing",
    mobilepayWebhookId: webhook?.mobilepayWebhookId ?? null,
    mobilepayWebhookSecret: webhook?.mobilepayWebhookSecret ?? null,
  };
}

async function keysAccepted(salesUnit: SalesUnit): Promise<boolean> {
  try {
    await mobilepayAccessToken(salesUnit);
    return true;
  } catch (error) {
    if (error instanceof MobilepayKeysRefused) return false;
    throw new AppError("service_unavailable", { retryAfter: 5 });
  }
}

async function registered(salesUnit: SalesUnit, accountId: string) {
  try {
    return await registerMobilepayWebhook(salesUnit, accountId);
  } catch {
    throw new AppError("service_unavailable", { retryAfter: 5 });
  }
}

async function forgetWebhookOf(row: AccountPayments | null) {
  if (!row?.mobilepayWebhookId || !row.mobilepayCredentials || !row.mobilepayMerchantSerialNumber) return;
  const keys = unsealMobilepayCredentials(row.mobilepayCredentials, env().WEBHOOK_SECRET_KEY);
  const unit = { ...keys, merchantSerialNumber: row.mobilepayMerchantSerialNumber, testMode: row.mobilepayTestMode };
  await unregisterMobilepayWebhook(unit, row.mobilepayWebhookId);
}
