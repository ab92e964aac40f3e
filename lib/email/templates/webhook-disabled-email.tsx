import { Text } from "@react-email/components";
import { translatorFor } from "@/lib/i18n/translator";
import { NoticeEmailLayout, type NoticeEmailProps } from "./notice-email-layout";
import { renderBoth } from "./render-both";

export type WebhookDisabledProps = NoticeEmailProps & {
  /** The endpoint's host only, never its path or query. */
  webhookHost: string;
  /** When its deliveries began to fail, formatted in the studio's zone and locale; null: not known. */
  failingSince: string | null;
  /** The dashboard's webhooks page, where it is enabled again. */
  dashboardUrl: string;
};

/** Sent once to each administrator when an endpoint that failed for 5 days is disabled. */
export function WebhookDisabledEmail(props: WebhookDisabledProps) {
  const t = translatorFor(props.locale, "WebhookDisabledEmail");
  const { webhookHost, failingSince } = props;
  return (
    <NoticeEmailLayout
      {...props}
      preview={t("preview", { host: webhookHost })}
      heading={t("heading")}
      link={{ href: props.dashboardUrl, label: t("dashboard") }}
    >
      <Text>
        {failingSince ? t("body", { host: webhookHost, since: failingSince }) : t("bodyNoDate", { host: webhookHost })}
      </Text>
      <Text>{t("waiting")}</Text>
      <Text>{t("reEnable")}</Text>
    </NoticeEmailLayout>
  );
}

export async function renderWebhookDisabledEmail(props: WebhookDisabledProps) {
  const t = translatorFor(props.locale, "WebhookDisabledEmail");
  return {
    locale: props.locale,
    subject: t("subject", { host: props.webhookHost }),
    ...(await renderBoth(<WebhookDisabledEmail {...props} />)),
  };
}
