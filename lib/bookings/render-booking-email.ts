// Runs in the email worker threads (lib/email/email-worker.ts): nothing here needs the app's bundle.
import { buildCalendar } from "@/lib/calendar/ics";
import { formatFullDateTime } from "@/lib/format/dates";
import type { EmailAttachment, EmailMessage } from "@/lib/email/transport";
import type { BookedClass } from "@/lib/email/templates/booking-email-layout";
import { renderBookingCancelledEmail } from "@/lib/email/templates/booking-cancelled-email";
import { renderBookingClassCancelledEmail } from "@/lib/email/templates/booking-class-cancelled-email";
import { renderBookingConfirmedEmail } from "@/lib/email/templates/booking-confirmed-email";
import { renderBookingPromotedEmail } from "@/lib/email/templates/booking-promoted-email";
import type { BookingNotice } from "./booking-notice";

/** What a booking email says, as it stands when the email is sent. */
export type BookingEmailFacts = {
  bookingId: string;
  status: string;
  accountName: string;
  locale: string;
  timezone: string;
  attendeeEmail: string;
  attendeeName: string;
  eventTitle: string;
  location: string;
  startsAt: Date;
  endsAt: Date;
  /** The app's host name: the calendar event's UID is `booking-<id>@<host>`. */
  calendarHost: string;
};

/**
 * The email of one booking notice (confirmed and promoted with an .ics attachment), or null when it
 * is no longer to be sent: a confirmation for a booking cancelled again before its email went out.
 */
export async function renderBookingEmail(
  notice: BookingNotice,
  facts: BookingEmailFacts,
): Promise<EmailMessage | null> {
  const confirms = notice.kind === "confirmed" || notice.kind === "promoted";
  if (confirms && facts.status !== "confirmed") return null;
  const booked: BookedClass = {
    accountName: facts.accountName,
    attendeeName: facts.attendeeName,
    eventTitle: facts.eventTitle,
    when: formatFullDateTime(facts.startsAt, { locale: facts.locale, zone: facts.timezone }),
    location: facts.location,
  };
  const message = await renderContent(notice, booked, facts.status);
  const attachments: EmailAttachment[] | undefined = confirms ? [calendarAttachment(facts)] : undefined;
  return { to: facts.attendeeEmail, ...message, ...(attachments ? { attachments } : {}) };
}

function renderContent(notice: BookingNotice, booked: BookedClass, status: string) {
  switch (notice.kind) {
    case "confirmed":
      return renderBookingConfirmedEmail(booked);
    case "promoted":
      return renderBookingPromotedEmail(booked);
    case "cancelled":
      return renderBookingCancelledEmail({
        booked,
        late: status === "late_cancelled",
        waitlisted: notice.wasWaitlisted === true,
      });
    case "cancelled_by_studio":
      return renderBookingClassCancelledEmail({ booked, waitlisted: notice.wasWaitlisted === true });
    default: // a row written by raw SQL with a kind this code does not know
      throw new TypeError("unknown booking email kind");
  }
}

function calendarAttachment(facts: BookingEmailFacts): EmailAttachment {
  return {
    filename: "booking.ics",
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    content: buildCalendar({
      name: facts.accountName,
      events: [
        {
          uid: `booking-${facts.bookingId}@${facts.calendarHost}`,
          start: facts.startsAt,
          end: facts.endsAt,
          summary: facts.eventTitle,
          description: `Booked with ${facts.accountName}`,
          location: facts.location || undefined,
          status: "CONFIRMED",
        },
      ],
    }),
  };
}
