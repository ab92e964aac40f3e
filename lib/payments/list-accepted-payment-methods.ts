import "server-only";
import { tenantDb } from "@/lib/db/tenant-db";
import { PAYMENT_METHODS, methodAllowedFor, type PaymentMethod } from "./payment-methods";

/** The methods a studio's buyers may pay with (for its public passes page): card, and those it chose that its currency allows. */
export async function listAcceptedPaymentMethods({
  accountId,
  currency,
}: {
  accountId: string;
  currency: string;
}): Promise<PaymentMethod[]> {
  const row = await tenantDb(accountId).accountPayments.findFirst({ select: { paymentMethods: true } });
  const chosen = row?.paymentMethods ?? ["card"];
  return PAYMENT_METHODS.filter(
    (method) => method === "card" || (chosen.includes(method) && methodAllowedFor(method, currency)),
  );
}
