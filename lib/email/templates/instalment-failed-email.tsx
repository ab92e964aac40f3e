import { Text } from "@react-email/components";
import { translatorFor } from "@/lib/i18n/translator";
import { NoticeEmailLayout, type NoticeEmailProps } from "./notice-email-layout";
import { renderBoth } from "./render-both";

export type InstalmentFailedProps = NoticeEmailProps & {
  /** To the buyer themself, or to an administrator of the studio about the buyer. */
  audience: "buyer" | "studio";
  productName: string;
  buyerName: string;
  instalment: number;
  instalments: number;
  /** The instalment's amount, formatted. */
  amount: string;
  /** The buyer: the studio's page; an administrator: the buyer's page in the dashboard. */
  url: string;
};

/**
 * Sent when an instalment of a price paid in instalments could not be taken: to the buyer, and to
 * each administrator of the studio. The enrolment stands; the studio decides what follows.
 */
export function InstalmentFailedEmail(props: InstalmentFailedProps) {
  const t = translatorFor(props.locale, "InstalmentFailedEmail");
  const words = wordsOf(props);
  const text =
    props.audience === "buyer"
      ? {
          preview: t("buyerPreview", words),
          link: t("buyerLink", words),
          body: t("buyerBody", words),
          next: t("buyerNext", words),
        }
      : {
          preview: t("studioPreview", words),
          link: t("studioLink", words),
          body: t("studioBody", words),
          next: t("studioNext", words),
        };
  return (
    <NoticeEmailLayout
      {...props}
      preview={text.preview}
      heading={t("heading", words)}
      link={{ href: props.url, label: text.link }}
    >
      <Text>{text.body}</Text>
      <Text>{text.next}</Text>
    </NoticeEmailLayout>
  );
}

function wordsOf(props: InstalmentFailedProps) {
  return {
    buyer: props.buyerName,
    product: props.productName,
    instalment: props.instalment,
    instalments: props.instalments,
    amount: props.amount,
    studio: props.accountName,
  };
}

export async function renderInstalmentFailedEmail(props: InstalmentFailedProps) {
  const t = translatorFor(props.locale, "InstalmentFailedEmail");
  const words = wordsOf(props);
  return {
    locale: props.locale,
    subject: props.audience === "buyer" ? t("buyerSubject", words) : t("studioSubject", words),
    ...(await renderBoth(<InstalmentFailedEmail {...props} />)),
  };
}
