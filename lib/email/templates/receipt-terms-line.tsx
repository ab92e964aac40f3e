import { Link, Text } from "@react-email/components";
import type { Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";

/** The receipt's link to the studio's terms of sale at the version the order was bought under. */
export function ReceiptTermsLine({ terms, language }: { terms: { version: number; url: string }; language: Locale }) {
  const t = translatorFor(language, "ReceiptTerms");
  return (
    <Text>
      {t("line", { version: terms.version })} <Link href={terms.url}>{terms.url}</Link>
    </Text>
  );
}
