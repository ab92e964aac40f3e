import { Text } from "@react-email/components";
import { formatMoney } from "@/lib/format/money";
import { translatorFor } from "@/lib/i18n/translator";
import type { ReceiptFacts } from "@/lib/receipts/receipt-facts";
import { CreditNoteEmail, creditNoteSubject } from "./credit-note-email";
import { EmailFrame } from "./email-frame";
import { ReceiptTermsLine } from "./receipt-terms-line";
import { renderBoth } from "./render-both";
import { WithdrawalSection } from "./withdrawal-section";

export type ReceiptEmailProps = {
  facts: ReceiptFacts;
  studioName: string;
  /** The public origin (APP_URL), for the withdrawal page's link. */
  appUrl: string;
};

export function ReceiptEmail({ facts, studioName, appUrl }: ReceiptEmailProps) {
  if (facts.creditNote) return <CreditNoteEmail facts={facts} note={facts.creditNote} studioName={studioName} />;
  const t = translatorFor(facts.language, "ReceiptEmail");
  const books = translatorFor(facts.language, "GiftCardBooks");
  const amount = formatMoney(facts.amount, facts.currency, facts.formatLocale);
  const card = facts.paidByGiftCard;
  return (
    <EmailFrame lang={facts.language} preview={t("preview", { item: facts.item })} heading={t("heading")}>
      <Text>
        {facts.paidFor
          ? t("bodyFor", {
              item: facts.item,
              studio: studioName,
              amount,
              number: facts.receiptNumber,
              name: facts.paidFor,
            })
          : t("body", { item: facts.item, studio: studioName, amount, number: facts.receiptNumber })}
      </Text>
      {facts.vatRateBasisPoints === 0 ? <Text>{t("vatExempt")}</Text> : null}
      {facts.giftCardSale ? <Text>{books("receiptGiftCardSale")}</Text> : null}
      {card ? (
        <Text>
          {books("emailPaidByGiftCard", {
            amount: formatMoney(card.amount, facts.currency, facts.formatLocale),
            last4: card.last4,
          })}
        </Text>
      ) : null}
      {facts.withdrawal ? <WithdrawalSection facts={facts} withdrawal={facts.withdrawal} appUrl={appUrl} /> : null}
      {facts.terms ? <ReceiptTermsLine terms={facts.terms} language={facts.language} /> : null}
    </EmailFrame>
  );
}

/** Language, subject, HTML and text of the payment email (a refund's: its credit note's); the caller attaches the PDF. */
export async function renderReceiptEmail(props: ReceiptEmailProps) {
  const t = translatorFor(props.facts.language, "ReceiptEmail");
  const subject = props.facts.creditNote
    ? creditNoteSubject(props.facts, props.studioName)
    : t("subject", { studio: props.studioName, item: props.facts.item });
  return { locale: props.facts.language, subject, ...(await renderBoth(<ReceiptEmail {...props} />)) };
}
