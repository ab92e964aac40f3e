import type { PromoCodeRefusal } from "@/lib/commerce/redeem-promo-code";
import type { Locale } from "./locales";
import { translatorFor } from "./translator";

/**
 * Why a promo code does not apply, as a sentence: in English for the API (POST /checkout/quote's
 * `promoCode.reason`), in the page's language on the order summary.
 */
export function promoCodeRefusalIn(locale: Locale, reason: PromoCodeRefusal): string {
  const t = translatorFor(locale, "PromoCodeRefusal");
  const messages: Record<PromoCodeRefusal, () => string> = {
    unknown: () => t("unknown"),
    inactive: () => t("inactive"),
    expired: () => t("expired"),
    other_product: () => t("otherProduct"),
    other_currency: () => t("otherCurrency"),
    first_purchase_only: () => t("firstPurchaseOnly"),
    used_up: () => t("usedUp"),
  };
  return messages[reason]();
}
