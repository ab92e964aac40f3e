import type { Price, Product } from "@prisma/client";
import { vatIncluded } from "@/lib/receipts/vat";
import { entitlementTerms } from "./entitlement-terms";

/** Minor units a purchase charges: the price less a promo code's discount, never below 0. */
export function chargedAmount(listAmount: number, discountAmount: number): number {
  return Math.max(0, listAmount - discountAmount);
}

/** What a purchase costs and gives, as a quote shows it and its order records it. */
export type PurchaseFigures = {
  currency: string;
  /** The price (of each billing period, for a subscription). */
  amount: number;
  /** Minor units a promo code takes off (a subscription's first payment only). */
  discountAmount: number;
  /** What is charged now: `amount` less `discountAmount`, never below 0. */
  total: number;
  /** The VAT `total` includes at the studio's rate (0 for a VAT-exempt product); null when the studio has no rate. */
  vatAmount: number | null;
  grants: { remainingClasses: number | null; validUntil: Date | null };
};

/**
 * The one computation of a purchase's figures, used by POST /checkout/quote and by the order a
 * checkout writes (create-order.ts charges chargedAmount; its receipt's VAT is vatIncluded of that
 * at the same rate): the total after the discount, the VAT it includes, and the entitlement it
 * gives from `validFrom` (entitlement-terms.ts).
 */
export function purchaseFigures({
  product,
  price,
  discountAmount,
  vatRateBasisPoints,
  validFrom,
}: {
  product: Pick<Product, "type" | "classAllowance" | "validityDays">;
  price: Pick<Price, "amount" | "currency" | "interval" | "intervalCount">;
  discountAmount: number;
  vatRateBasisPoints: number | null;
  validFrom: Date;
}): PurchaseFigures {
  const total = chargedAmount(price.amount, discountAmount);
  return {
    currency: price.currency,
    amount: price.amount,
    discountAmount,
    total,
    vatAmount: vatRateBasisPoints === null ? null : vatIncluded(total, vatRateBasisPoints),
    grants: entitlementTerms(product, price, validFrom),
  };
}
