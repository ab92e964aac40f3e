import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import type { AccountPaymentsDto, UpdateAccountPaymentsInput } from "@/lib/schemas/account-payments";
import { getAccountPayments } from "./get-account-payments";
import { methodAllowedFor } from "./payment-methods";
import { ruleDetail } from "@/lib/error-details";

/**
 * Sets the methods the studio offers in Stripe Checkout. A method Stripe does not offer in the
 * studio's currency (MobilePay outside DKK, EUR, NOK and SEK) is 400.
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
  const { currency } = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { currency: true } });
  const refused = input.paymentMethods.filter((method) => !methodAllowedFor(method, currency));
  if (refused.length > 0) {
    throw new AppError("validation_failed", {
      details: refused.map((method) =>
        ruleDetail("paymentMethods", "payment_method_unavailable", { method, currency }),
      ),
    });
  }
  await db.accountPayments.upsert({
    where: { accountId },
    create: { accountId, paymentMethods: input.paymentMethods },
    update: { paymentMethods: input.paymentMethods },
  });
  return getAccountPayments({ db });
}
