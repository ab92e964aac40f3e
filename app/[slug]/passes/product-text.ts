import { getTranslations } from "next-intl/server";
import { COURSE_PRODUCT_TYPES } from "@/lib/schemas/product";
import { instalmentAmount } from "@/lib/commerce/instalments";
import { formatMoney } from "@/lib/format/money";

/** How a product and its prices are told on the passes page and the order summary, in the page's language. */
export async function productTexts() {
  const t = await getTranslations("Passes");
  const tOrder = await getTranslations("OrderSummary");

  /** The product's kind as members call it. */
  function typeText(type: string): string {
    if (type === "drop_in") return t("dropIn");
    if (type === "class_pass") return t("classPass");
    if (type === "subscription") return t("subscription");
    if ((COURSE_PRODUCT_TYPES as readonly string[]).includes(type)) return t("course");
    return type;
  }

  /** " per month", " every 3 months": how often a subscription's price is charged. */
  function intervalText(interval: string | null, count: number | null): string {
    if (!interval) return "";
    if (count && count > 1) {
      if (interval === "week") return t("everyWeeks", { count });
      if (interval === "month") return t("everyMonths", { count });
      if (interval === "year") return t("everyYears", { count });
      return t("everyInterval", { count, interval });
    }
    if (interval === "week") return t("perWeek");
    if (interval === "month") return t("perMonth");
    if (interval === "year") return t("perYear");
    return t("perInterval", { interval });
  }

  /** "12–17 years", "From 65 years": who a price is for; empty for everyone. */
  function ageText(minAge: number | null, maxAge: number | null): string {
    if (minAge !== null && maxAge !== null) return t("agesRange", { min: minAge, max: maxAge });
    if (minAge !== null) return t("agesFrom", { min: minAge });
    if (maxAge !== null) return t("agesUpTo", { max: maxAge });
    return "";
  }

  /** "Prisen gælder børn op til 12 år": why a price with an age limit fits nobody it could be for. */
  function ageLimitText({ minAge, maxAge }: { minAge: number | null; maxAge: number | null }): string {
    if (minAge !== null && maxAge !== null) return tOrder("priceForAges", { min: minAge, max: maxAge });
    if (minAge !== null) return tOrder("priceFromAge", { min: minAge });
    return tOrder("priceForChildrenUpTo", { max: maxAge ?? 0 });
  }

  /** "1.200,00 kr. per month", or for a price paid in instalments "3 × 300,00 kr. a month". */
  function priceText(
    price: {
      amount: number;
      currency: string;
      interval: string | null;
      intervalCount: number | null;
      instalments: number | null;
    },
    locale: string,
  ): string {
    if (price.instalments) {
      const part = instalmentAmount(price.amount, price.instalments, 1);
      return t("instalments", { count: price.instalments, amount: formatMoney(part, price.currency, locale) });
    }
    return `${formatMoney(price.amount, price.currency, locale)}${intervalText(price.interval, price.intervalCount)}`;
  }

  return { typeText, intervalText, ageText, ageLimitText, priceText };
}

/** The order summary of one price of a product, carrying where the member came from. */
export function summaryHref(
  slug: string,
  {
    productId,
    priceId,
    returnTo,
    promo,
    forUserId,
  }: { productId: string; priceId: string; returnTo?: string | null; promo?: string; forUserId?: string },
): string {
  const query = new URLSearchParams({ price: priceId });
  if (promo) query.set("promo", promo);
  if (returnTo) query.set("returnTo", returnTo);
  if (forUserId) query.set("for", forUserId);
  return `/${encodeURIComponent(slug)}/passes/${encodeURIComponent(productId)}?${query}`;
}
