import { Text } from "@react-email/components";
import type { GiftCardExpiryFacts } from "@/lib/gift-cards/gift-card-email-facts";
import { translatorFor } from "@/lib/i18n/translator";
import { NoticeEmailLayout } from "./notice-email-layout";
import { renderBoth } from "./render-both";

/**
 * To a gift card's holder 60 and 14 days before its expiry day (its balance, its last day, how to
 * spend it), and on expiry: what it expired with, and the right to have it paid out for 12 months.
 */
export function GiftCardExpiryEmail(props: GiftCardExpiryFacts) {
  const t = translatorFor(props.language, "GiftCardExpiryEmail");
  const common = {
    locale: props.language,
    recipientName: props.greetName,
    accountName: props.studioName,
  };
  if (props.daysBefore === 0) {
    return (
      <NoticeEmailLayout
        {...common}
        preview={t("expiredPreview", { balance: props.balance })}
        heading={t("expiredHeading")}
        link={{ href: props.meUrl, label: t("expiredLink") }}
      >
        <Text>{t("expiredBody", { last4: props.last4, date: props.validUntil, balance: props.balance })}</Text>
        <Text>{t("payout", { until: props.payoutUntil, studio: props.studioName })}</Text>
      </NoticeEmailLayout>
    );
  }
  return (
    <NoticeEmailLayout
      {...common}
      preview={t("soonPreview", { balance: props.balance, date: props.validUntil })}
      heading={t("soonHeading", { days: props.daysBefore })}
      link={{ href: props.studioUrl, label: t("soonLink", { studio: props.studioName }) }}
    >
      <Text>{t("soonBody", { last4: props.last4, balance: props.balance, date: props.validUntil })}</Text>
      <Text>{t("soonHowTo", { studio: props.studioName })}</Text>
    </NoticeEmailLayout>
  );
}

export async function renderGiftCardExpiryEmail(props: GiftCardExpiryFacts) {
  const t = translatorFor(props.language, "GiftCardExpiryEmail");
  const subject =
    props.daysBefore === 0
      ? t("expiredSubject", { studio: props.studioName })
      : t("soonSubject", { studio: props.studioName, date: props.validUntil });
  return { locale: props.language, subject, ...(await renderBoth(<GiftCardExpiryEmail {...props} />)) };
}
