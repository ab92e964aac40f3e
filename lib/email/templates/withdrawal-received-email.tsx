import { Text } from "@react-email/components";
import { translatorFor } from "@/lib/i18n/translator";
import { NoticeEmailLayout, type NoticeEmailProps } from "./notice-email-layout";
import { renderBoth } from "./render-both";

export type WithdrawalReceivedProps = NoticeEmailProps & {
  /** When the withdrawal was received, formatted in the studio's zone. */
  receivedAt: string;
  productName: string;
  receiptNumber: number | null;
  /** The amounts, formatted. */
  usedAmount: string;
  refundAmount: string;
  /** How the used amount was worked out, in the buyer's language (Withdrawal.basis). */
  basis: string;
  /** The studio's page. */
  studioUrl: string;
};

/**
 * The acknowledgment of a withdrawal on a durable medium (Consumer Rights Directive art. 11a, FAL):
 * sent at once to the buyer, in their language: when it was received, the purchase, what was used
 * and what is refunded.
 */
export function WithdrawalReceivedEmail(props: WithdrawalReceivedProps) {
  const t = translatorFor(props.locale, "WithdrawalReceivedEmail");
  const words = wordsOf(props);
  return (
    <NoticeEmailLayout
      {...props}
      preview={t("preview", words)}
      heading={t("heading")}
      link={{ href: props.studioUrl, label: t("studioPage") }}
    >
      <Text>{t("received", words)}</Text>
      <Text>{t("order", words)}</Text>
      <Text>
        {t("used", words)}
        <br />
        {props.basis}
      </Text>
      <Text>{t("refund", words)}</Text>
      <Text>{t("ended")}</Text>
    </NoticeEmailLayout>
  );
}

function wordsOf(props: WithdrawalReceivedProps) {
  return {
    studio: props.accountName,
    receivedAt: props.receivedAt,
    product: props.productName,
    receiptNumber: props.receiptNumber ?? "",
    usedAmount: props.usedAmount,
    refundAmount: props.refundAmount,
  };
}

export async function renderWithdrawalReceivedEmail(props: WithdrawalReceivedProps) {
  const t = translatorFor(props.locale, "WithdrawalReceivedEmail");
  return {
    locale: props.locale,
    subject: t("subject", wordsOf(props)),
    ...(await renderBoth(<WithdrawalReceivedEmail {...props} />)),
  };
}
