import { Text } from "@react-email/components";
import { translatorFor } from "@/lib/i18n/translator";
import { BookingEmailLayout, type BookingEmailProps } from "./booking-email-layout";
import { renderBoth } from "./render-both";

export type BookingClassCancelledProps = BookingEmailProps & { waitlisted: boolean };

export function BookingClassCancelledEmail({ booked, locale, waitlisted }: BookingClassCancelledProps) {
  const t = translatorFor(locale, "BookingClassCancelledEmail");
  return (
    <BookingEmailLayout
      locale={locale}
      preview={t("preview", { title: booked.eventTitle })}
      heading={t("heading")}
      booked={booked}
    >
      <Text>{waitlisted ? t("waitlisted") : t("booked")}</Text>
    </BookingEmailLayout>
  );
}

export async function renderBookingClassCancelledEmail(props: BookingClassCancelledProps) {
  const t = translatorFor(props.locale, "BookingClassCancelledEmail");
  return {
    locale: props.locale,
    subject: t("subject", { title: props.booked.eventTitle, when: props.booked.when }),
    ...(await renderBoth(<BookingClassCancelledEmail {...props} />)),
  };
}
