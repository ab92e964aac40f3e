import { Button, Link, Section, Text } from "@react-email/components";
import type { Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { EmailFrame } from "./email-frame";
import { renderBoth } from "./render-both";

export type MagicLinkEmailProps = {
  /** The full sign-in link, `${APP_URL}/sign-in/verify?token=…`. */
  url: string;
  accountName: string;
  /** Minutes until the link expires. */
  validMinutes: number;
  /** The language the email is written in (lib/i18n/locales.ts emailLocale). */
  locale: Locale;
};

export function MagicLinkEmail({ url, accountName, validMinutes, locale }: MagicLinkEmailProps) {
  const t = translatorFor(locale, "MagicLinkEmail");
  return (
    <EmailFrame
      lang={locale}
      preview={t("preview", { studio: accountName })}
      heading={t("heading", { studio: accountName })}
      footer={t("ignore")}
    >
      <Text>{t("body", { minutes: validMinutes })}</Text>
      <Section style={{ margin: "24px 0" }}>
        <Button
          href={url}
          style={{
            backgroundColor: "#0f766e",
            color: "#ffffff",
            padding: "12px 20px",
            borderRadius: "6px",
            fontWeight: 600,
          }}
        >
          {t("button")}
        </Button>
      </Section>
      <Text>{t("orOpen")}</Text>
      <Text style={{ wordBreak: "break-all" }}>
        <Link href={url}>{url}</Link>
      </Text>
    </EmailFrame>
  );
}

/** Language, subject, HTML and plain text of the sign-in email. The text part carries the full link. */
export async function renderMagicLinkEmail(
  props: MagicLinkEmailProps,
): Promise<{ locale: Locale; subject: string; html: string; text: string }> {
  const t = translatorFor(props.locale, "MagicLinkEmail");
  const { html, text: rendered } = await renderBoth(<MagicLinkEmail {...props} />);
  // The plain-text conversion may wrap or decorate links; the contract wants the link verbatim.
  const text = rendered.includes(props.url) ? rendered : `${rendered}\n\n${props.url}\n`;
  return { locale: props.locale, subject: t("subject", { studio: props.accountName }), html, text };
}
