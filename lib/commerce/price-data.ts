import "server-only";
import type { PriceInput } from "@/lib/schemas/product";

/** The stored columns of one entry of a price list; absent optional fields are cleared. */
export function priceData(price: PriceInput, position: number) {
  return {
    amount: price.amount,
    currency: price.currency,
    interval: price.interval ?? null,
    intervalCount: price.interval ? (price.intervalCount ?? 1) : null,
    instalments: price.instalments ?? null,
    minAge: price.minAge ?? null,
    maxAge: price.maxAge ?? null,
    position,
  };
}
