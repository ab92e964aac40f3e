import "server-only";
import { renderBookingCancelledEmail } from "@/lib/email/templates/booking-cancelled-email";
import { renderBookingClassCancelledEmail } from "@/lib/email/templates/booking-class-cancelled-email";
import { renderBookingConfirmedEmail } from "@/lib/email/templates/booking-confirmed-email";
import type { BookedClass } from "@/lib/email/templates/booking-email-layout";
import { renderBookingPromotedEmail } from "@/lib/email/templates/booking-promoted-email";
import { renderMagicLinkEmail } from "@/lib/email/templates/magic-link-email";

export type EmailPreview = { name: string; subject: string; html: string; text: string };

const SAMPLE_CLASS: BookedClass = {
  accountName: "Demo Studio",
  attendeeName: "Ida Holm",
  eventTitle: "Vinyasa Flow",
  when: "tirsdag 24. november 2026 kl. 18.00",
  location: "Studio Nørrebro",
};

/** Renders each template with sample data, as the product would send it. */
export async function renderEmailPreviews(): Promise<EmailPreview[]> {
  const rendered: [string, Promise<{ subject?: string; html: string; text: string }>][] = [
    [
      "magic-link",
      renderMagicLinkEmail({
        url: "http://localhost:3000/sign-in/verify?token=sample",
        accountName: "Demo Studio",
        validMinutes: 15,
      }),
    ],
    ["booking-confirmed", renderBookingConfirmedEmail(SAMPLE_CLASS)],
    ["booking-cancelled", renderBookingCancelledEmail({ booked: SAMPLE_CLASS, late: false, waitlisted: false })],
    ["booking-late-cancelled", renderBookingCancelledEmail({ booked: SAMPLE_CLASS, late: true, waitlisted: false })],
    ["waitlist-promoted", renderBookingPromotedEmail(SAMPLE_CLASS)],
    ["class-cancelled", renderBookingClassCancelledEmail({ booked: SAMPLE_CLASS, waitlisted: false })],
  ];
  return Promise.all(
    rendered.map(async ([name, message]) => {
      const { subject, html, text } = await message;
      return { name, subject: subject ?? "", html, text };
    }),
  );
}
