import { Text } from "@react-email/components";
import type { GiftCardBuyerCopyFacts, GiftCardRecipientFacts } from "@/lib/gift-cards/gift-card-email-facts";
import { translatorFor } from "@/lib/i18n/translator";
import { NoticeEmailLayout } from "./notice-email-layout";
import { renderBoth } from "./render-both";

export type GiftCardEmailProps = GiftCardRecipientFacts | GiftCardBuyerCopyFacts;

/**
 * A gift card with its PDF attached: to the recipient on its day (who it is from, the message), or
 * to the buyer when it is issued (a copy of what the recipient gets, or the card to pass on).
 */
export function GiftCardEmail(props: GiftCardEmailProps) {
  const t = translatorFor(props.language, "GiftCardEmail");
  const { card } = props;
  const recipient = props.kind === "recipient";
  return (
    <NoticeEmailLayout
      locale={props.language}
      recipientName={props.greetName}
      accountName={props.studioName}
      preview={
        recipient
          ? t("recipientPreview", { amount: card.amount, studio: props.studioName })
          : t("buyerPreview", { amount: card.amount, recipient: card.recipientName })
      }
      heading={recipient ? t("recipientHeading") : t("buyerHeading", { recipient: card.recipientName })}
      link={{ href: card.link, label: t("useIt") }}
    >
      {props.kind === "recipient" ? (
        <Text>{t("fromBuyer", { buyer: card.buyerName, amount: card.amount, studio: props.studioName })}</Text>
      ) : props.scheduled ? (
        <Text>
          {t("buyerScheduled", {
            amount: card.amount,
            recipient: card.recipientName,
            email: props.scheduled.email,
            day: props.scheduled.day,
          })}
        </Text>
      ) : (
        <Text>{t("buyerPassOn", { amount: card.amount, recipient: card.recipientName })}</Text>
      )}
      {card.message ? (
        <>
          <Text>{t("buyerWrites", { buyer: card.buyerName })}</Text>
          <Text style={{ fontStyle: "italic", whiteSpace: "pre-line" }}>{card.message}</Text>
        </>
      ) : null}
      <Text style={{ fontSize: "20px", fontWeight: "bold", letterSpacing: "2px" }}>
        {t("code", { code: card.code })}
      </Text>
      <Text>{t("validUntil", { date: card.validUntil })}</Text>
      {card.shorterValidityMonths !== null ? (
        <Text>{t("validity", { months: card.shorterValidityMonths })}</Text>
      ) : null}
      <Text>{t("howTo", { studio: props.studioName })}</Text>
      <Text>{t("attached")}</Text>
    </NoticeEmailLayout>
  );
}

/** Language, subject, HTML and text of a gift card's email; the caller attaches the PDF (giftCardFileName). */
export async function renderGiftCardEmail(props: GiftCardEmailProps) {
  const t = translatorFor(props.language, "GiftCardEmail");
  const subject =
    props.kind === "recipient"
      ? t("recipientSubject", { buyer: props.card.buyerName, studio: props.studioName })
      : t("buyerSubject", { recipient: props.card.recipientName, studio: props.studioName });
  return { locale: props.language, subject, ...(await renderBoth(<GiftCardEmail {...props} />)) };
}

/** "gavekort-9HWD.pdf": the attachment's name in the email's language. */
export function giftCardFileName(props: GiftCardEmailProps): string {
  const t = translatorFor(props.language, "GiftCardEmail");
  return t("fileName", { last4: props.card.last4 });
}
