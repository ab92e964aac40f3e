import { Text } from "@react-email/components";
import { translatorFor } from "@/lib/i18n/translator";
import { BookingEmailLayout, type BookingEmailProps } from "./booking-email-layout";
import { renderBoth } from "./render-both";

export type BookingCancelledProps = BookingEmailProps & {
  /** `late_cancelled`: inside the cancellation window, the class counts as used. */
  late: boolean;
  /** The booking was on the waitlist: no place and no credit were involved. */
  waitlisted: boolean;
};

export function BookingCancelledEmail({ booked, locale, late, waitlisted }: BookingCancelledProps) {
  const t = translatorFor(locale, "BookingCancelledEmail");
  return (
    <BookingEmailLayout
      locale={locale}
      preview={t("preview", { title: booked.eventTitle })}
      heading={t("heading")}
      booked={booked}
    >
      <Text>{waitlisted ? t("leftWaitlist") : late ? t("late") : t("returned")}</Text>
    </BookingEmailLayout>
  );
}

export async function renderBookingCancelledEmail(props: BookingCancelledProps) {
  const t = translatorFor(props.locale, "BookingCancelledEmail");
  return {
    locale: props.locale,
    subject: t("subject", { title: props.booked.eventTitle, when: props.booked.when }),
    ...(await renderBoth(<BookingCancelledEmail {...props} />)),
  };
}
