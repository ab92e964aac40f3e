import { Text } from "@react-email/components";
import { translatorFor } from "@/lib/i18n/translator";
import { NoticeEmailLayout, type NoticeEmailProps } from "./notice-email-layout";
import { renderBoth } from "./render-both";

export type MembershipCancelledProps = NoticeEmailProps & {
  productName: string;
  /** The last day the membership may be used, formatted in the studio's zone and locale. */
  lastDay: string;
  /** The member's page at the studio. */
  url: string;
};

/** The confirmation of a membership cancelled online (FAL §28 a): it names the last day. */
export function MembershipCancelledEmail(props: MembershipCancelledProps) {
  const t = translatorFor(props.locale, "PurchaseRights");
  const values = { membership: props.productName, date: props.lastDay };
  return (
    <NoticeEmailLayout
      {...props}
      preview={t("cancelledPreview", values)}
      heading={t("cancelledHeading")}
      link={{ href: props.url, label: t("cancelledLink") }}
    >
      <Text>{t("cancelledBody", values)}</Text>
    </NoticeEmailLayout>
  );
}

export async function renderMembershipCancelledEmail(props: MembershipCancelledProps) {
  const t = translatorFor(props.locale, "PurchaseRights");
  return {
    locale: props.locale,
    subject: t("cancelledSubject", { membership: props.productName, date: props.lastDay }),
    ...(await renderBoth(<MembershipCancelledEmail {...props} />)),
  };
}
