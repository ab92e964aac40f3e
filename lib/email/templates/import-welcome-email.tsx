import { Text } from "@react-email/components";
import { translatorFor } from "@/lib/i18n/translator";
import { NoticeEmailLayout, type NoticeEmailProps } from "./notice-email-layout";
import { renderBoth } from "./render-both";

export type ImportWelcomeProps = NoticeEmailProps & {
  /** The one-tap invitation (/sign-in/invitation): it signs the person in once, for 14 days. */
  signInUrl: string;
};

/** Sent once to each person an import created: the studio they knew elsewhere now takes bookings here. */
export function ImportWelcomeEmail(props: ImportWelcomeProps) {
  const t = translatorFor(props.locale, "ImportWelcomeEmail");
  const studio = props.accountName;
  return (
    <NoticeEmailLayout
      {...props}
      preview={t("preview", { studio })}
      heading={t("heading", { studio })}
      link={{ href: props.signInUrl, label: t("signIn") }}
    >
      <Text>{t("body", { studio })}</Text>
      <Text>{t("signInHint", { studio })}</Text>
    </NoticeEmailLayout>
  );
}

export async function renderImportWelcomeEmail(props: ImportWelcomeProps) {
  const t = translatorFor(props.locale, "ImportWelcomeEmail");
  return {
    locale: props.locale,
    subject: t("subject", { studio: props.accountName }),
    ...(await renderBoth(<ImportWelcomeEmail {...props} />)),
  };
}
