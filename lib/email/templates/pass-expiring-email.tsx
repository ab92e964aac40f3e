import { Text } from "@react-email/components";
import { translatorFor } from "@/lib/i18n/translator";
import { NoticeEmailLayout, type NoticeEmailProps } from "./notice-email-layout";
import { renderBoth } from "./render-both";

export type PassExpiringProps = NoticeEmailProps & {
  productName: string;
  /** The pass's end, formatted in the studio's zone and locale: its date and time, and its date alone (the subject). */
  validUntil: string;
  validUntilDay: string;
  /** Classes left; null: unlimited (a membership). */
  remainingClasses: number | null;
  /** The studio's passes page, to buy the next one. */
  buyUrl: string;
};

/** Sent once, 7 days before a pass or a membership that does not renew comes to its end. */
export function PassExpiringEmail(props: PassExpiringProps) {
  const t = translatorFor(props.locale, "PassExpiringEmail");
  const { productName, validUntil, remainingClasses } = props;
  return (
    <NoticeEmailLayout
      {...props}
      preview={t("preview", { pass: productName, date: props.validUntilDay })}
      heading={t("heading", { pass: productName })}
      link={{ href: props.buyUrl, label: t("buyMore") }}
    >
      <Text>{t("body", { pass: productName, date: validUntil })}</Text>
      {remainingClasses !== null ? <Text>{t("classesLeft", { count: remainingClasses })}</Text> : null}
    </NoticeEmailLayout>
  );
}

export async function renderPassExpiringEmail(props: PassExpiringProps) {
  const t = translatorFor(props.locale, "PassExpiringEmail");
  return {
    locale: props.locale,
    subject: t("subject", { pass: props.productName, date: props.validUntilDay }),
    ...(await renderBoth(<PassExpiringEmail {...props} />)),
  };
}
