import { Text } from "@react-email/components";
import { translatorFor } from "@/lib/i18n/translator";
import { NoticeEmailLayout, type NoticeEmailProps } from "./notice-email-layout";
import { renderBoth } from "./render-both";

export type PassOneLeftProps = NoticeEmailProps & {
  productName: string;
  /** The pass's end, formatted in the studio's zone and locale; null: it does not end. */
  validUntil: string | null;
  /** The studio's passes page, to buy the next one. */
  buyUrl: string;
};

/** Sent once when a pass of several classes is down to its last. */
export function PassOneLeftEmail(props: PassOneLeftProps) {
  const t = translatorFor(props.locale, "PassOneLeftEmail");
  const { productName, validUntil } = props;
  return (
    <NoticeEmailLayout
      {...props}
      preview={t("preview", { pass: productName })}
      heading={t("heading")}
      link={{ href: props.buyUrl, label: t("buyMore") }}
    >
      <Text>{t("body", { pass: productName })}</Text>
      {validUntil ? <Text>{t("validUntil", { date: validUntil })}</Text> : null}
    </NoticeEmailLayout>
  );
}

export async function renderPassOneLeftEmail(props: PassOneLeftProps) {
  const t = translatorFor(props.locale, "PassOneLeftEmail");
  return {
    locale: props.locale,
    subject: t("subject", { pass: props.productName }),
    ...(await renderBoth(<PassOneLeftEmail {...props} />)),
  };
}
