import type { Order } from "@prisma/client";
import { addBillingPeriod } from "./entitlement-terms";

/** Part `instalment` (1-based) of `amount` paid in `instalments` parts: `amount / instalments` rounded down, the remainder on the last. */
export function instalmentAmount(amount: number, instalments: number, instalment: number): number {
  const part = Math.floor(amount / instalments);
  return instalment === instalments ? amount - part * (instalments - 1) : part;
}

/**
 * When instalment `instalment` falls due: that many months less one after the first was paid,
 * counted from the first payment's day of the month each time (31 January → 28 February → 31 March).
 */
export function instalmentDueAt(firstPaidAt: Date, instalment: number): Date {
  return instalment <= 1 ? firstPaidAt : addBillingPeriod(firstPaidAt, "month", instalment - 1);
}

/** Which part of how many an order pays, when it is one of a price paid in instalments. */
export function instalmentOfOrder(
  order: Pick<Order, "instalment" | "instalments">,
): { instalment: number; instalments: number } | null {
  return order.instalment !== null && order.instalments !== null
    ? { instalment: order.instalment, instalments: order.instalments }
    : null;
}

/** What a purchase at `price` pays now: its first instalment when it is paid in instalments, else the whole price. */
export function firstPayment<P extends { amount: number; instalments: number | null }>(price: P): P {
  return price.instalments ? { ...price, amount: instalmentAmount(price.amount, price.instalments, 1) } : price;
}

/**
 * Instalment `instalment` (2 or later) of the purchase `first` paid the first of: the first's
 * undiscounted amount, and on the last the remainder of the price's amount too, as long as the price
 * still is what the first instalment was a part of (a price edited since leaves the remainder out).
 */
export function laterInstalmentAmount(
  first: Pick<Order, "amount" | "discountAmount" | "instalments">,
  priceAmount: number,
  instalment: number,
): number {
  const n = first.instalments ?? 1;
  const part = first.amount + first.discountAmount;
  const remainder = priceAmount - part * n;
  return instalment === n && remainder > 0 && remainder < n ? part + remainder : part;
}
