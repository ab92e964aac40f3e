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
  const buyer = props.audience === "buyer";
  return (
    <NoticeEmailLayout
      {...props}
      preview={t(buyer ? "buyerPreview" : "studioPreview", words)}
      heading={t("heading", words)}
      link={{ href: props.url, label: t(buyer ? "buyerLink" : "studioLink", words) }}
    >
      <Text>{t(buyer ? "buyerBody" : "studioBody", words)}</Text>
      <Text>{t(buyer ? "buyerNext" : "studioNext", words)}</Text>
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
    subject: t(props.audience === "buyer" ? "buyerSubject" : "studioSubject", words),
    ...(await renderBoth(<InstalmentFailedEmail {...props} />)),
  };
}
