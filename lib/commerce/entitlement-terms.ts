import type { Price, Product } from "@prisma/client";

const DAY_MS = 86_400_000;

export type BillingInterval = "week" | "month" | "year";

/**
 * `count` billing periods after `from`. Months and years keep the day of the month, clamped to the
 * month's last day (31 January + 1 month = 28/29 February); the time of day is kept (UTC).
 */
export function addBillingPeriod(from: Date, interval: BillingInterval, count = 1): Date {
  if (interval === "week") return new Date(from.getTime() + count * 7 * DAY_MS);
  const months = interval === "year" ? 12 * count : count;
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(from);
  result.setUTCFullYear(year, month, Math.min(from.getUTCDate(), lastDay));
  return result;
}

/** One billing period of a subscription price (default: one month). */
export function billingPeriodEnd(price: Pick<Price, "interval" | "intervalCount">, from: Date): Date {
  return addBillingPeriod(from, (price.interval ?? "month") as BillingInterval, price.intervalCount ?? 1);
}

/**
 * What a purchase of `product` at `price` gives, starting at `validFrom` (decisions §6):
 * - `drop_in`: 1 class; `class_pass`: `classAllowance` classes; `workshop`, `teacher_training`,
 *   `custom`: `classAllowance` classes when set, else unlimited;
 * - `subscription`: unlimited classes until one billing period after `validFrom`;
 * - others: until `validFrom + validityDays` when `validityDays` is set, else without end.
 */
export function entitlementTerms(
  product: Pick<Product, "type" | "classAllowance" | "validityDays">,
  price: Pick<Price, "interval" | "intervalCount">,
  validFrom: Date,
): { remainingClasses: number | null; validUntil: Date | null } {
  if (product.type === "subscription")
    return { remainingClasses: null, validUntil: billingPeriodEnd(price, validFrom) };
  const remainingClasses = product.type === "drop_in" ? 1 : (product.classAllowance ?? null);
  const validUntil = product.validityDays ? new Date(validFrom.getTime() + product.validityDays * DAY_MS) : null;
  return { remainingClasses, validUntil };
}
