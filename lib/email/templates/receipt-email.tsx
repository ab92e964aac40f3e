import { Body, Container, Head, Heading, Html, Preview, Text } from "@react-email/components";
import { formatMoney } from "@/lib/format/money";
import { translatorFor } from "@/lib/i18n/translator";
import type { ReceiptFacts } from "@/lib/receipts/receipt-facts";
import { renderBoth } from "./render-both";

export type ReceiptEmailProps = { facts: ReceiptFacts; studioName: string };

export function ReceiptEmail({ facts, studioName }: ReceiptEmailProps) {
  const t = translatorFor(facts.language, "ReceiptEmail");
  const amount = formatMoney(facts.amount, facts.currency, facts.formatLocale);
  return (
    <Html lang={facts.language}>
      <Head />
      <Preview>{t("preview", { item: facts.item })}</Preview>
      <Body style={{ backgroundColor: "#f8fafc", fontFamily: "Helvetica, Arial, sans-serif", color: "#0f172a" }}>
        <Container style={{ backgroundColor: "#ffffff", margin: "32px auto", padding: "32px", maxWidth: "560px" }}>
          <Heading as="h1" style={{ fontSize: "22px", margin: "0 0 16px" }}>
            {t("heading")}
          </Heading>
          <Text>{t("body", { item: facts.item, studio: studioName, amount, number: facts.receiptNumber })}</Text>
          {facts.vatRateBasisPoints === 0 ? <Text>{t("vatExempt")}</Text> : null}
        </Container>
      </Body>
    </Html>
  );
}

/** Language, subject, HTML and text of the payment email; the caller attaches the receipt. */
export async function renderReceiptEmail(props: ReceiptEmailProps) {
  const t = translatorFor(props.facts.language, "ReceiptEmail");
  return {
    locale: props.facts.language,
    subject: t("subject", { studio: props.studioName, item: props.facts.item }),
    ...(await renderBoth(<ReceiptEmail {...props} />)),
  };
}
