import "server-only";
import type { Entitlement } from "@prisma/client";
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";
import { TRANSACTION_OPTIONS, withRetry } from "@/lib/db/with-retry";
import { ruleDetail } from "@/lib/error-details";
import { AppError } from "@/lib/errors";
import type { GrantEntitlementInput } from "@/lib/schemas/entitlement";
import { placeOrder } from "@/lib/orders/create-order";
import { markPaid } from "@/lib/orders/order-status";
import { getProductOrThrow } from "./get-product-or-throw";
import { lockCourseClasses } from "./enrol-course";
import { lockMembership } from "./lock-membership";
import { isEligibleForPrice } from "./price-eligibility";

/**
 * An administrator records a payment taken at the desk: a paid Order with provider `desk`, priced at
 * the chosen price (`priceId`) or else the product's first current price, and the entitlement that
 * price gives. Any product of the account (of any status) may be granted; the purchase limit of
 * online checkout does not apply, but the grant counts towards the limit. A chosen price must be a
 * current price of the product (404, as at checkout: the pair names no price the buyer could pay)
 * and fit the person's age as at checkout (409 `Not eligible for this price`); the default price
 * keeps the desk's earlier rule of no age check. 404 for an unknown product or a person who is not a
 * member of the account. The new pass fills the waitlists the person stands on (queue order kept).
 * A gift card product is sold at checkout only (400 at `productId`).
 */
export async function grantEntitlement({
  db,
  accountId,
  userId,
  input,
}: {
  db: TenantDb;
  accountId: string;
  userId: string;
  input: GrantEntitlementInput;
}): Promise<Entitlement> {
  // Paid orders of a studio queue on its receipt counter (issue-receipts.ts): the checkout's bounds.
  const entitlement = await withRetry(
    () => db.$transaction((tx) => grantEntitlementIn(tx, { accountId, userId, input }), TRANSACTION_OPTIONS),
    { label: "desk grant" },
  );
  return entitlement;
}

/**
 * grantEntitlement's rules and writes inside the caller's transaction (a step that sells among other
 * writes). Its commit wakes the jobs: the payment email and the promotions' emails
 * are queued in the outbox.
 */
export async function grantEntitlementIn(
  tx: TenantTx,
  { accountId, userId, input }: { accountId: string; userId: string; input: GrantEntitlementInput },
): Promise<Entitlement> {
  const product = await getProductOrThrow({ db: tx, productId: input.productId });
  // A gift card needs who it is for and gives no entitlement: it is sold at checkout (decision 0051).
  if (product.type === "gift_card")
    throw new AppError("validation_failed", { details: [ruleDetail("productId", "gift_card_checkout_only")] });
  const chosen = input.priceId !== undefined;
  const price = chosen ? product.prices.find((candidate) => candidate.id === input.priceId) : product.prices[0];
  if (!price) throw new AppError("not_found");
  if (!(await lockMembership(tx, { accountId, userId }))) throw new AppError("not_found");
  if (chosen && (price.minAge !== null || price.maxAge !== null)) {
    const [account, person] = await Promise.all([
      tx.account.findUniqueOrThrow({ where: { id: accountId }, select: { timezone: true } }),
      tx.user.findUniqueOrThrow({ where: { id: userId }, select: { dateOfBirth: true } }),
    ]);
    if (!isEligibleForPrice(price, person, { timezone: account.timezone }))
      throw new AppError("not_eligible_for_price");
  }
  const now = new Date();
  await lockCourseClasses(tx, { accountId, userId, product, now }); // a full or closed course: refused before the order
  const order = await placeOrder(tx, { userId, product, price, provider: "desk" });
  const paid = await markPaid(tx, order, {
    at: now,
    payment: { for: "purchase", product, price, note: input.note ?? null },
  });
  return paid!.entitlement!;
}
