import { Text } from "@react-email/components";
import { translatorFor } from "@/lib/i18n/translator";
import { BookingEmailLayout, type BookingEmailProps } from "./booking-email-layout";
import { renderBoth } from "./render-both";

export type BookingReminderProps = BookingEmailProps & {
  /** The location's street address, when it has one. */
  address: string | null;
  /** Until when cancelling is free, formatted in the studio's zone; null when that moment has passed. */
  freeCancellationUntil: string | null;
};

/** Sent `reminderHours` before a class to each attendee booked into it. */
export function BookingReminderEmail({ booked, locale, address, freeCancellationUntil }: BookingReminderProps) {
  const t = translatorFor(locale, "BookingReminderEmail");
  return (
    <BookingEmailLayout locale={locale} preview={t("preview", { title: booked.eventTitle, when: booked.when })} heading={t("heading")} booked={booked}>
      <Text>{t("body", { when: booked.when })}</Text>
      {address ? <Text>{t("address", { address })}</Text> : null}
      <Text>{freeCancellationUntil ? t("freeUntil", { until: freeCancellationUntil }) : t("lateNow")}</Text>
    </BookingEmailLayout>
  );
}

export async function renderBookingReminderEmail(props: BookingReminderProps) {
  const t = translatorFor(props.locale, "BookingReminderEmail");
  return {
    locale: props.locale,
    subject: t("subject", { title: props.booked.eventTitle, when: props.booked.when }),
    ...(await renderBoth(<BookingReminderEmail {...props} />)),
  };
}
