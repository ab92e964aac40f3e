import { Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { EmailFrame } from "./email-frame";

/** What every booking email says about the class. */
export type BookedClass = {
  accountName: string;
  attendeeName: string;
  eventTitle: string;
  /** The start, formatted in the studio's timezone and locale. */
  when: string;
  location: string;
};

/** The props of each booking email: the class, and the language the email is written in. */
export type BookingEmailProps = { booked: BookedClass; locale: Locale };

export function BookingEmailLayout({
  locale,
  preview,
  heading,
  booked,
  children,
}: {
  locale: Locale;
  preview: string;
  heading: string;
  booked: BookedClass;
  children?: ReactNode;
}) {
  const t = translatorFor(locale, "BookingEmail");
  return (
    <EmailFrame lang={locale} preview={preview} heading={heading} footer={booked.accountName}>
      <Text>{t("greeting", { name: booked.attendeeName })}</Text>
      {children}
      <Section style={{ margin: "16px 0", padding: "16px", backgroundColor: "#f1f5f9", borderRadius: "6px" }}>
        <Text style={{ margin: 0, fontWeight: 600 }}>{booked.eventTitle}</Text>
        <Text style={{ margin: 0 }}>{booked.when}</Text>
        {booked.location ? <Text style={{ margin: 0 }}>{booked.location}</Text> : null}
      </Section>
    </EmailFrame>
  );
}
