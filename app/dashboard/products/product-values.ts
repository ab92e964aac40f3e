import type { Price, Product } from "@prisma/client";
import { toDateTimeLocal } from "@/lib/studio-time/wall-clock";
import { toMajorText } from "./money";
import type { ProductFormValues } from "./product-form";

const text = (value: number | null) => (value === null ? "" : String(value));

/** A stored product as the editor's starting values (amounts back in major units, as `language` writes them). */
export function productFormValues(
  product: Product & { prices: Price[] },
  language: string,
  timezone: string,
): ProductFormValues {
  const currency = product.prices[0]?.currency ?? "DKK";
  return {
    productId: product.id,
    type: product.type,
    name: product.name,
    description: product.description,
    status: product.status,
    classAllowance: text(product.classAllowance),
    validityDays: text(product.validityDays),
    purchaseLimitPerUser: text(product.purchaseLimitPerUser),
    eligibleEventIds: product.eligibleEventIds,
    courseEventId: product.courseEventId ?? "",
    enrolUntil: product.enrolUntil ? toDateTimeLocal(product.enrolUntil, timezone) : "",
    newcomersOnly: product.newcomersOnly,
    vatRate: product.vatExempt ? "0" : "25",
    validityMonths: text(product.validityMonths),
    customAmount: product.customAmountMin !== null && product.customAmountMax !== null,
    customAmountMin: product.customAmountMin === null ? "" : toMajorText(product.customAmountMin, currency, language),
    customAmountMax: product.customAmountMax === null ? "" : toMajorText(product.customAmountMax, currency, language),
    giftCardDesign: product.giftCardDesign ?? "logo",
    prices: product.prices
      .filter((price) => !price.retired)
      .map((price) => ({
        id: price.id,
        amount: toMajorText(price.amount, price.currency, language),
        currency: price.currency,
        interval: price.interval ?? "",
        intervalCount: text(price.intervalCount),
        instalments: text(price.instalments),
        minAge: text(price.minAge),
        maxAge: text(price.maxAge),
      })),
  };
}

export function newProductValues(currency: string): ProductFormValues {
  return {
    type: "drop_in",
    name: "",
    description: "",
    status: "draft",
    classAllowance: "",
    validityDays: "",
    purchaseLimitPerUser: "",
    eligibleEventIds: [],
    courseEventId: "",
    enrolUntil: "",
    newcomersOnly: false,
    vatRate: "25",
    validityMonths: "",
    customAmount: false,
    customAmountMin: "",
    customAmountMax: "",
    giftCardDesign: "logo",
    prices: [{ amount: "", currency, interval: "", intervalCount: "", instalments: "", minAge: "", maxAge: "" }],
  };
}
