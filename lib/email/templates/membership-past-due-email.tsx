import { Text } from "@react-email/components";
import { translatorFor } from "@/lib/i18n/translator";
import { NoticeEmailLayout, type NoticeEmailProps } from "./notice-email-layout";
import { renderBoth } from "./render-both";

export type MembershipPastDueProps = NoticeEmailProps & {
  /** To the member themself, or to an administrator of the studio about the member. */
  audience: "member" | "studio";
  productName: string;
  memberName: string;
  /** The last day the member may book (the grace period's end), formatted. */
  graceUntil: string;
  /** The member: the studio's page; an administrator: the member's page in the dashboard. */
  url: string;
};

/**
 * Sent when a MobilePay membership's renewal charge failed after its retry days: to the member and to
 * each administrator of the studio. The member may book until the grace period ends.
 */
export function MembershipPastDueEmail(props: MembershipPastDueProps) {
  const t = translatorFor(props.locale, "MembershipPastDueEmail");
  const words = wordsOf(props);
  const member = props.audience === "member";
  return (
    <NoticeEmailLayout
      {...props}
      preview={member ? t("memberPreview", words) : t("studioPreview", words)}
      heading={t("heading", words)}
      link={{ href: props.url, label: member ? t("memberLink", words) : t("studioLink", words) }}
    >
      <Text>{member ? t("memberBody", words) : t("studioBody", words)}</Text>
      <Text>{member ? t("memberNext", words) : t("studioNext", words)}</Text>
    </NoticeEmailLayout>
  );
}

function wordsOf(props: MembershipPastDueProps) {
  return { member: props.memberName, product: props.productName, until: props.graceUntil, studio: props.accountName };
}

export async function renderMembershipPastDueEmail(props: MembershipPastDueProps) {
  const t = translatorFor(props.locale, "MembershipPastDueEmail");
  const words = wordsOf(props);
  return {
    locale: props.locale,
    subject: props.audience === "member" ? t("memberSubject", words) : t("studioSubject", words),
    ...(await renderBoth(<MembershipPastDueEmail {...props} />)),
  };
}
