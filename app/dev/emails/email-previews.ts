import "server-only";
import { renderBookingCancelledEmail } from "@/lib/email/templates/booking-cancelled-email";
import { renderBookingClassCancelledEmail } from "@/lib/email/templates/booking-class-cancelled-email";
import { renderBookingConfirmedEmail } from "@/lib/email/templates/booking-confirmed-email";
import type { BookedClass } from "@/lib/email/templates/booking-email-layout";
import { renderBookingPromotedEmail } from "@/lib/email/templates/booking-promoted-email";
import { renderMagicLinkEmail } from "@/lib/email/templates/magic-link-email";
import { LOCALES, type Locale } from "@/lib/i18n/locales";

export type EmailPreview = { name: string; locale: Locale; subject: string; html: string; text: string };

const SAMPLE_CLASS: BookedClass = {
  accountName: "Demo Studio",
  attendeeName: "Ida Holm",
  eventTitle: "Vinyasa Flow",
  when: "tirsdag 24. november 2026 kl. 18.00",
  location: "Studio Nørrebro",
};

/** Renders each template with sample data in each language, as the product would send it. */
export async function renderEmailPreviews(): Promise<EmailPreview[]> {
  const rendered = LOCALES.flatMap((locale) => {
    const booked = { booked: SAMPLE_CLASS, locale };
    const messages: [string, Promise<{ subject: string; html: string; text: string }>][] = [
      [
        "magic-link",
        renderMagicLinkEmail({
          url: "http://localhost:3000/sign-in/verify?token=sample",
          accountName: "Demo Studio",
          validMinutes: 15,
          locale,
        }),
      ],
      ["booking-confirmed", renderBookingConfirmedEmail(booked)],
      ["booking-cancelled", renderBookingCancelledEmail({ ...booked, late: false, waitlisted: false })],
      ["booking-late-cancelled", renderBookingCancelledEmail({ ...booked, late: true, waitlisted: false })],
      ["waitlist-left", renderBookingCancelledEmail({ ...booked, late: false, waitlisted: true })],
      ["waitlist-promoted", renderBookingPromotedEmail(booked)],
      ["class-cancelled", renderBookingClassCancelledEmail({ ...booked, waitlisted: false })],
      ["class-cancelled-waitlisted", renderBookingClassCancelledEmail({ ...booked, waitlisted: true })],
    ];
    return messages.map(([name, message]) => ({ name, locale, message }));
  });
  return Promise.all(
    rendered.map(async ({ name, locale, message }) => {
      const { subject, html, text } = await message;
      return { name, locale, subject, html, text };
    }),
  );
}
