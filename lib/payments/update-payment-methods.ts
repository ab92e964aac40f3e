import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type {
  AccountPaymentsDto,
  MobilepaySalesUnitInput,
  UpdateAccountPaymentsInput,
} from "@/lib/schemas/account-payments";
import { getAccountPayments } from "./get-account-payments";
import { sealMobilepayCredentials } from "./mobilepay-credentials";
import { MobilepayKeysRefused, mobilepayAccessToken } from "./mobilepay/client";
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
    ...(input.mobilepay !== undefined && (await mobilepayColumns(input.mobilepay))),
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
 * The sales unit's columns; its keys are proved by asking for an access token: refused keys are
 * saved as `failing` (the settings page says so), and Vipps MobilePay out of reach is 503, saving nothing.
 */
async function mobilepayColumns(salesUnit: MobilepaySalesUnitInput | null) {
  if (!salesUnit) {
    return { mobilepayMerchantSerialNumber: null, mobilepayCredentials: null, mobilepayStatus: "not_connected" };
  }
  const { merchantSerialNumber, clientId, clientSecret, subscriptionKey, testMode } = salesUnit;
  return {
    mobilepayMerchantSerialNumber: merchantSerialNumber,
    mobilepayCredentials: sealMobilepayCredentials({ clientId, clientSecret, subscriptionKey }, env().WEBHOOK_SECRET_KEY),
    mobilepayTestMode: testMode,
    mobilepayStatus: (await keysAccepted(salesUnit)) ? "connected" : "failing",
  };
}

async function keysAccepted(salesUnit: MobilepaySalesUnitInput): Promise<boolean> {
  try {
    await mobilepayAccessToken(salesUnit);
    return true;
  } catch (error) {
    if (error instanceof MobilepayKeysRefused) return false;
    throw new AppError("service_unavailable", { retryAfter: 5 });
  }
}
