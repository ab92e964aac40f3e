import { getTranslations } from "next-intl/server";
import type { Product } from "@prisma/client";
import { formatMoney } from "@/lib/format/money";
import { GIFT_CARD_VALIDITY_MONTHS } from "@/lib/schemas/product";

type GiftCardProductFacts = Pick<Product, "validityMonths" | "customAmountMin" | "customAmountMax">;

/** How a gift card product is told on the passes page and the buy page, in the page's language. */
export async function giftCardTexts() {
  const t = await getTranslations("GiftCardPages");

  /**
   * "Gyldigt i 12 måneder fra købet": a validity shorter than the 3 years of the law, stated in words
   * before purchase (forbrug.dk); the default 3 years too, as "Gyldigt i 3 år fra købet".
   */
  function validityText(product: Pick<Product, "validityMonths">): string {
    const months = product.validityMonths ?? GIFT_CARD_VALIDITY_MONTHS.default;
    return months % 12 === 0 && months >= GIFT_CARD_VALIDITY_MONTHS.default
      ? t("validYears", { count: months / 12 })
      : t("validMonths", { count: months });
  }

  /** "Valgfrit beløb: 200,00–5.000,00 kr.", or undefined for fixed amounts only. */
  function customAmountText(product: GiftCardProductFacts, currency: string, locale: string): string | undefined {
    if (product.customAmountMin === null || product.customAmountMax === null) return undefined;
    return t("customAmountRange", {
      min: formatMoney(product.customAmountMin, currency, locale),
      max: formatMoney(product.customAmountMax, currency, locale),
    });
  }

  return { validityText, customAmountText };
}
