import { Text } from "@react-email/components";
import { translatorFor } from "@/lib/i18n/translator";
import { NoticeEmailLayout, type NoticeEmailProps } from "./notice-email-layout";
import { renderBoth } from "./render-both";

export type StandingNoPassProps = NoticeEmailProps & {
  /** The class the member keeps a standing place in (its event's title). */
  classTitle: string;
  /** The studio's passes page. */
  buyUrl: string;
};

/** Sent once when a class of a standing place could not be booked for lack of a pass (decision 0035). */
export function StandingNoPassEmail(props: StandingNoPassProps) {
  const t = translatorFor(props.locale, "StandingNoPassEmail");
  return (
    <NoticeEmailLayout
      {...props}
      preview={t("preview", { title: props.classTitle })}
      heading={t("heading")}
      link={{ href: props.buyUrl, label: t("buy") }}
    >
      <Text>{t("body", { title: props.classTitle })}</Text>
      <Text>{t("next")}</Text>
    </NoticeEmailLayout>
  );
}

export async function renderStandingNoPassEmail(props: StandingNoPassProps) {
  const t = translatorFor(props.locale, "StandingNoPassEmail");
  return {
    locale: props.locale,
    subject: t("subject", { title: props.classTitle }),
    ...(await renderBoth(<StandingNoPassEmail {...props} />)),
  };
}
