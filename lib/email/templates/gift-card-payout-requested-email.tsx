import { Text } from "@react-email/components";
import { translatorFor } from "@/lib/i18n/translator";
import { NoticeEmailLayout, type NoticeEmailProps } from "./notice-email-layout";
import { renderBoth } from "./render-both";

export type GiftCardPayoutRequestedProps = NoticeEmailProps & {
  /** Who asked: the card's holder (its recipient, or the buyer of a card sent to no one). */
  holderName: string;
  last4: string;
  /** What can be paid out, formatted in the studio's format. */
  amount: string;
  /** The card's page in the dashboard, where the payout is recorded. */
  cardUrl: string;
};

/** To the studio (its contact email, else each administrator): a holder asked for a card's balance paid out. */
export function GiftCardPayoutRequestedEmail(props: GiftCardPayoutRequestedProps) {
  const t = translatorFor(props.locale, "GiftCardPayoutRequestedEmail");
  const words = { holder: props.holderName, last4: props.last4, amount: props.amount };
  return (
    <NoticeEmailLayout
      {...props}
      preview={t("preview", words)}
      heading={t("heading")}
      link={{ href: props.cardUrl, label: t("card") }}
    >
      <Text>{t("body", words)}</Text>
      <Text>{t("next")}</Text>
    </NoticeEmailLayout>
  );
}

export async function renderGiftCardPayoutRequestedEmail(props: GiftCardPayoutRequestedProps) {
  const t = translatorFor(props.locale, "GiftCardPayoutRequestedEmail");
  return {
    locale: props.locale,
    subject: t("subject", { last4: props.last4 }),
    ...(await renderBoth(<GiftCardPayoutRequestedEmail {...props} />)),
  };
}
