import { Text } from "@react-email/components";
import { formatMoney } from "@/lib/format/money";
import { translatorFor } from "@/lib/i18n/translator";
import type { CreditNoteFacts, ReceiptFacts } from "@/lib/receipts/receipt-facts";
import { EmailFrame } from "./email-frame";

/** A refund's email: what was given back, with its credit note attached. */
export function CreditNoteEmail({
  facts,
  note,
  studioName,
}: {
  facts: ReceiptFacts;
  note: CreditNoteFacts;
  studioName: string;
}) {
  const t = translatorFor(facts.language, "CreditNoteEmail");
  const amount = formatMoney(note.amount, facts.currency, facts.formatLocale);
  return (
    <EmailFrame lang={facts.language} preview={t("preview", { item: facts.item })} heading={t("heading")}>
      <Text>
        {t("body", { item: facts.item, studio: studioName, amount, number: note.number, receipt: facts.receiptNumber })}
      </Text>
      {note.classes ? <Text>{t("classes", { classes: note.classes })}</Text> : null}
    </EmailFrame>
  );
}

export function creditNoteSubject(facts: ReceiptFacts, studioName: string): string {
  const t = translatorFor(facts.language, "CreditNoteEmail");
  return t("subject", { studio: studioName, item: facts.item });
}
