import { Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import type { BookingNotice } from "@/lib/bookings/booking-notice";
import { firstName } from "@/lib/format/first-name";
import { possessive } from "@/lib/format/possessive";
import type { Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { EmailFrame } from "./email-frame";

/** What every booking email says about the class. */
export type BookedClass = {
  accountName: string;
  attendeeName: string;
  /**
   * The attendee is someone's child (or a guest without an email): the email goes to the guardian,
   * greets them and names the child ("Hej Nanna, Livas plads på Børnedans er booket").
   */
  aboutChild?: { guardianName: string; kind: BookingNotice["kind"] };
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
  return (
    <EmailFrame lang={locale} preview={preview} heading={heading} footer={booked.accountName}>
      <Text>{greeting(booked, locale)}</Text>
      {children}
      <Section style={{ margin: "16px 0", padding: "16px", backgroundColor: "#f1f5f9", borderRadius: "6px" }}>
        <Text style={{ margin: 0, fontWeight: 600 }}>{booked.eventTitle}</Text>
        <Text style={{ margin: 0 }}>{booked.when}</Text>
        {booked.location ? <Text style={{ margin: 0 }}>{booked.location}</Text> : null}
      </Section>
    </EmailFrame>
  );
}

/** "Hej Ida," to the attendee; to a child's guardian, the guardian greeted and the child named by what happened. */
function greeting(booked: BookedClass, locale: Locale): string {
  const t = translatorFor(locale, "BookingEmail");
  if (!booked.aboutChild) return t("greeting", { name: booked.attendeeName });
  const child = firstName(booked.attendeeName);
  const values = {
    guardian: firstName(booked.aboutChild.guardianName),
    child,
    childs: possessive(child, locale),
    title: booked.eventTitle,
  };
  switch (booked.aboutChild.kind) {
    case "confirmed":
      return t("childConfirmed", values);
    case "promoted":
      return t("childPromoted", values);
    case "offered":
      return t("childOffered", values);
    case "reminder":
      return t("childReminder", values);
    case "cancelled":
      return t("childCancelled", values);
    default:
      return t("childAbout", values);
  }
}
