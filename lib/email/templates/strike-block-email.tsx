import { Text } from "@react-email/components";
import { translatorFor } from "@/lib/i18n/translator";
import { NoticeEmailLayout, type NoticeEmailProps } from "./notice-email-layout";
import { renderBoth } from "./render-both";

export type StrikeBlockProps = NoticeEmailProps & {
  /** The end of the block, formatted in the studio's zone and format. */
  blockedUntil: string;
  /** The studio's schedule. */
  scheduleUrl: string;
};

/** Sent once when a member's strikes (no-shows, late cancellations) start a block on booking. */
export function StrikeBlockEmail(props: StrikeBlockProps) {
  const t = translatorFor(props.locale, "StrikeBlockEmail");
  const studio = props.accountName;
  return (
    <NoticeEmailLayout
      {...props}
      preview={t("preview", { until: props.blockedUntil })}
      heading={t("heading")}
      link={{ href: props.scheduleUrl, label: t("schedule") }}
    >
      <Text>{t("body", { studio, until: props.blockedUntil })}</Text>
      <Text>{t("hint", { studio })}</Text>
    </NoticeEmailLayout>
  );
}

export async function renderStrikeBlockEmail(props: StrikeBlockProps) {
  const t = translatorFor(props.locale, "StrikeBlockEmail");
  return {
    locale: props.locale,
    subject: t("subject", { studio: props.accountName }),
    ...(await renderBoth(<StrikeBlockEmail {...props} />)),
  };
}
