import { Text } from "@react-email/components";
import { translatorFor } from "@/lib/i18n/translator";
import { BookingEmailLayout, type BookingEmailProps } from "./booking-email-layout";
import { renderBoth } from "./render-both";

/** `teacherNames`: who teaches the class now (display names, in the instance's order); may be empty. */
export type BookingTeachersChangedProps = BookingEmailProps & { teacherNames: string[] };

export function BookingTeachersChangedEmail({ booked, locale, teacherNames }: BookingTeachersChangedProps) {
  const t = translatorFor(locale, "BookingTeachersChangedEmail");
  return (
    <BookingEmailLayout
      locale={locale}
      preview={t("preview", { title: booked.eventTitle })}
      heading={t("heading")}
      booked={booked}
    >
      <Text>{teacherNames.length > 0 ? t("body", { names: teacherNames.join(", ") }) : t("bodyNoTeacher")}</Text>
    </BookingEmailLayout>
  );
}

/** Language, subject, HTML and text of the email to an attendee whose class got a substitute. */
export async function renderBookingTeachersChangedEmail(props: BookingTeachersChangedProps) {
  const t = translatorFor(props.locale, "BookingTeachersChangedEmail");
  return {
    locale: props.locale,
    subject: t("subject", { title: props.booked.eventTitle, when: props.booked.when }),
    ...(await renderBoth(<BookingTeachersChangedEmail {...props} />)),
  };
}
