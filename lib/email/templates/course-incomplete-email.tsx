import { Text } from "@react-email/components";
import { translatorFor } from "@/lib/i18n/translator";
import { NoticeEmailLayout, type NoticeEmailProps } from "./notice-email-layout";
import { renderBoth } from "./render-both";

export type CourseIncompleteProps = NoticeEmailProps & {
  productName: string;
  buyerName: string;
  /** Classes of the course ahead the buyer holds no place in. */
  classesMissing: number;
  /** The buyer's page in the dashboard, where they are booked or the order refunded. */
  personUrl: string;
};

/** Sent to each administrator when a course was paid for after it filled up: no class is overbooked. */
export function CourseIncompleteEmail(props: CourseIncompleteProps) {
  const t = translatorFor(props.locale, "CourseIncompleteEmail");
  const words = { buyer: props.buyerName, product: props.productName, count: props.classesMissing };
  return (
    <NoticeEmailLayout
      {...props}
      preview={t("preview", words)}
      heading={t("heading")}
      link={{ href: props.personUrl, label: t("person", words) }}
    >
      <Text>{t("body", words)}</Text>
      <Text>{t("next", words)}</Text>
    </NoticeEmailLayout>
  );
}

export async function renderCourseIncompleteEmail(props: CourseIncompleteProps) {
  const t = translatorFor(props.locale, "CourseIncompleteEmail");
  return {
    locale: props.locale,
    subject: t("subject", { buyer: props.buyerName, product: props.productName }),
    ...(await renderBoth(<CourseIncompleteEmail {...props} />)),
  };
}
