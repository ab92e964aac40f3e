import { Heading, Link, Text } from "@react-email/components";
import { formatLastDay } from "@/lib/format/dates";
import { translatorFor } from "@/lib/i18n/translator";
import type { ReceiptFacts, ReceiptWithdrawal } from "@/lib/receipts/receipt-facts";

const LINE = { margin: "0 0 4px" };

/**
 * The payment email's words on the right of withdrawal (FAL §8, §18–22): the 14 days and their last
 * day in the studio's timezone, what a withdrawal charges, the link to the withdrawal page and the
 * standard withdrawal form (FAL's annex; Directive 2011/83/EU Annex I(B)); for a dated purchase, why
 * it has none.
 */
export function WithdrawalSection({
  facts,
  withdrawal,
  appUrl,
}: {
  facts: ReceiptFacts;
  withdrawal: ReceiptWithdrawal;
  appUrl: string;
}) {
  const t = translatorFor(facts.language, "PurchaseRights");
  if (withdrawal.kind === "exempt")
    return <Text>{withdrawal.reason === "drop_in" ? t("emailExemptDropIn") : t("emailExemptDatedCourse")}</Text>;
  // The period ends at midnight after its last day: that day is the one named.
  const lastDay = formatLastDay(new Date(withdrawal.until), { zone: facts.timezone, locale: facts.formatLocale });
  const url = `${appUrl}/${withdrawal.slug}/fortryd`;
  const seller = [withdrawal.seller.name, withdrawal.seller.address, withdrawal.seller.email]
    .filter(Boolean)
    .join(", ");
  return (
    <>
      <Heading as="h2" style={{ fontSize: "18px", margin: "24px 0 8px" }}>
        {t("emailHeading")}
      </Heading>
      <Text>
        {t("emailRight", { days: withdrawal.days, date: lastDay })}{" "}
        {withdrawal.startNow ? t("emailChargedProRata") : t("emailWholePriceBack")}
      </Text>
      <Text>
        {t("emailWithdrawHere")}: <Link href={url}>{url}</Link>
      </Text>
      {/* Not a heading: the plain-text part keeps the annex's words as they are (headings are capitalised there). */}
      <Text style={{ fontWeight: "bold", margin: "16px 0 8px" }}>{t("formTitle")}</Text>
      <Text style={LINE}>{t("formTo", { seller })}</Text>
      <Text style={LINE}>{t("formNotice")}</Text>
      <Text style={LINE}>{t("formOrdered")}</Text>
      <Text style={LINE}>{t("formName")}</Text>
      <Text style={LINE}>{t("formAddress")}</Text>
      <Text style={LINE}>{t("formSignature")}</Text>
      <Text style={LINE}>{t("formDate")}</Text>
      <Text>{t("formDelete")}</Text>
    </>
  );
}
