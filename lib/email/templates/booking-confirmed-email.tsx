import { Text } from "@react-email/components";
import { translatorFor } from "@/lib/i18n/translator";
import { BookingEmailLayout, type BookingEmailProps } from "./booking-email-layout";
import { renderBoth } from "./render-both";

export function BookingConfirmedEmail({ booked, locale }: BookingEmailProps) {
  const t = translatorFor(locale, "BookingConfirmedEmail");
  return (
    <BookingEmailLayout
      locale={locale}
      preview={t("preview", { title: booked.eventTitle })}
      heading={t("heading")}
      booked={booked}
    >
      <Text>{t("body")}</Text>
    </BookingEmailLayout>
  );
}

/** Language, subject, HTML and text of the confirmation; the caller attaches the .ics file. */
export async function renderBookingConfirmedEmail(props: BookingEmailProps) {
  const t = translatorFor(props.locale, "BookingConfirmedEmail");
  return {
    locale: props.locale,
    subject: t("subject", { title: props.booked.eventTitle, when: props.booked.when }),
    ...(await renderBoth(<BookingConfirmedEmail {...props} />)),
  };
}
