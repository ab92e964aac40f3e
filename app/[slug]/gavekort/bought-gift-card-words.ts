import "server-only";
import { getTranslations } from "next-intl/server";
import type { PersonAuth } from "@/lib/auth/authenticate-credential";
import type { CheckoutResult } from "@/lib/commerce/start-checkout";
import { formatDate } from "@/lib/format/dates";
import { formatMoney } from "@/lib/format/money";
import { groupGiftCardCode } from "@/lib/gift-cards/gift-card-code";
import { pageFormat } from "@/lib/i18n/page-language";
import { studioDate } from "@/lib/studio-time/studio-date";
import type { BoughtGiftCard } from "./bought-gift-card";

/**
 * The card an order paid at once issued, told in the page's language: its amount, validity and
 * code (when the checkout answered it: the only time it is shown), and when and to whom it is sent
 * ("Vi sender kortet til Maja den 24. december."). Undefined when the order issued none at once.
 */
export async function boughtGiftCard(
  viewer: PersonAuth,
  { order, giftCard }: CheckoutResult,
): Promise<BoughtGiftCard | undefined> {
  if (!giftCard) return undefined;
  const { card, code } = giftCard;
  const [product, account, t] = await Promise.all([
    viewer.db.product.findFirstOrThrow({ where: { id: order.productId } }),
    viewer.db.account.findUniqueOrThrow({ where: { id: viewer.accountId } }),
    getTranslations("GiftCardPages"),
  ]);
  const where = await pageFormat(account);
  const day =
    card.deliverOn === studioDate(card.issuedAt, account.timezone) ? null : dayOfMonth(card.deliverOn, where.locale);
  const name = card.recipientName;
  const delivery = card.recipientEmail
    ? day
      ? t("sendOnDay", { name, day })
      : t("sendToday", { name })
    : day
      ? t("sendToYouOnDay", { name, day })
      : t("sendToYouToday", { name });
  return {
    design: product.giftCardDesign === "colour" ? "colour" : "logo",
    amount: formatMoney(card.initialAmount, card.currency, where.locale),
    recipientName: name,
    code: groupGiftCardCode(code),
    last4: card.codeLast4,
    validUntil: t("validUntil", { date: formatDate(card.expiresAt, where) }),
    delivery,
  };
}

/** "24. december" (da), "24 December" (en-GB), "December 24" (en-US): a calendar date without its year or weekday. */
function dayOfMonth(localDate: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", timeZone: "UTC" }).format(
    new Date(`${localDate}T12:00:00Z`),
  );
}
