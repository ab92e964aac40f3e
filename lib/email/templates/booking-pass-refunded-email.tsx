import { Text } from "@react-email/components";
import type { Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { BookingEmailLayout, type BookingEmailProps } from "./booking-email-layout";
import { renderBoth } from "./render-both";

/** Why the studio took the booking off a class that goes ahead: its pass was refunded, or its membership is paused that day. */
export type PassWithdrawnReason = "refunded" | "paused";

type PassWithdrawnWords = {
  preview: (title: string) => string;
  heading: string;
  body: string;
  subject: (title: string, when: string) => string;
};

function wordsFor(locale: Locale, reason: PassWithdrawnReason): PassWithdrawnWords {
  if (reason === "paused") {
    const paused = translatorFor(locale, "BookingMembershipPausedEmail");
    return {
      preview: (title) => paused("preview", { title }),
      heading: paused("heading"),
      body: paused("body"),
      subject: (title, when) => paused("subject", { title, when }),
    };
  }
  const refunded = translatorFor(locale, "BookingPassRefundedEmail");
  return {
    preview: (title) => refunded("preview", { title }),
    heading: refunded("heading"),
    body: refunded("body"),
    subject: (title, when) => refunded("subject", { title, when }),
  };
}

/** A booking cancelled because its pass or membership no longer covers the class; the class goes ahead. */
export function BookingPassRefundedEmail({
  booked,
  locale,
  reason = "refunded",
}: BookingEmailProps & { reason?: PassWithdrawnReason }) {
  const words = wordsFor(locale, reason);
  return (
    <BookingEmailLayout
      locale={locale}
      preview={words.preview(booked.eventTitle)}
      heading={words.heading}
      booked={booked}
    >
      <Text>{words.body}</Text>
    </BookingEmailLayout>
  );
}

export async function renderBookingPassRefundedEmail(
  props: BookingEmailProps,
  reason: PassWithdrawnReason = "refunded",
) {
  return {
    locale: props.locale,
    subject: wordsFor(props.locale, reason).subject(props.booked.eventTitle, props.booked.when),
    ...(await renderBoth(<BookingPassRefundedEmail {...props} reason={reason} />)),
  };
}
