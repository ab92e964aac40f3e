import { Text } from "@react-email/components";
import { translatorFor } from "@/lib/i18n/translator";
import { BookingEmailLayout, type BookingEmailProps } from "./booking-email-layout";
import { renderBoth } from "./render-both";

/**
 * `before`: the class's earlier start, formatted as `booked.when` is; `previousLocation`: its earlier
 * place when that changed (else null); `waitlisted`: the attendee is on the waitlist, not booked.
 */
export type BookingMovedProps = BookingEmailProps & {
  before: string;
  previousLocation: string | null;
  waitlisted: boolean;
};

export function BookingMovedEmail({ booked, locale, before, previousLocation, waitlisted }: BookingMovedProps) {
  const t = translatorFor(locale, "BookingMovedEmail");
  return (
    <BookingEmailLayout
      locale={locale}
      preview={t("preview", { title: booked.eventTitle, when: booked.when })}
      heading={t("heading")}
      booked={booked}
    >
      <Text>{t("before", { when: before })}</Text>
      {previousLocation !== null ? <Text>{t("placeBefore", { place: previousLocation || "–" })}</Text> : null}
      <Text>{waitlisted ? t("waitlisted") : t("booked")}</Text>
    </BookingEmailLayout>
  );
}

/** Language, subject, HTML and text of the email about a moved class; the caller attaches the .ics file. */
export async function renderBookingMovedEmail(props: BookingMovedProps) {
  const t = translatorFor(props.locale, "BookingMovedEmail");
  return {
    locale: props.locale,
    subject: t("subject", { title: props.booked.eventTitle, when: props.booked.when }),
    ...(await renderBoth(<BookingMovedEmail {...props} />)),
  };
}
