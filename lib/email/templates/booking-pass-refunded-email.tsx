import { Text } from "@react-email/components";
import { translatorFor } from "@/lib/i18n/translator";
import { BookingEmailLayout, type BookingEmailProps } from "./booking-email-layout";
import { renderBoth } from "./render-both";

/** A booking cancelled because the studio refunded the pass or membership it used; the class goes ahead. */
export function BookingPassRefundedEmail({ booked, locale }: BookingEmailProps) {
  const t = translatorFor(locale, "BookingPassRefundedEmail");
  return (
    <BookingEmailLayout locale={locale} preview={t("preview", { title: booked.eventTitle })} heading={t("heading")} booked={booked}>
      <Text>{t("body")}</Text>
    </BookingEmailLayout>
  );
}

export async function renderBookingPassRefundedEmail(props: BookingEmailProps) {
  const t = translatorFor(props.locale, "BookingPassRefundedEmail");
  return {
    locale: props.locale,
    subject: t("subject", { title: props.booked.eventTitle, when: props.booked.when }),
    ...(await renderBoth(<BookingPassRefundedEmail {...props} />)),
  };
}
