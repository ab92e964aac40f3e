// Runs in the email worker threads (lib/email/email-worker.ts): nothing here needs the app's bundle.
import { buildCalendar } from "@/lib/calendar/ics";
import { formatFullDateTime, formatTime, formatWeekday } from "@/lib/format/dates";
import type { EmailAttachment, EmailMessage } from "@/lib/email/transport";
import type { BookedClass, BookingEmailProps } from "@/lib/email/templates/booking-email-layout";
import { renderBookingMovedEmail } from "@/lib/email/templates/booking-moved-email";
import { renderBookingCancelledEmail } from "@/lib/email/templates/booking-cancelled-email";
import { renderBookingClassCancelledEmail } from "@/lib/email/templates/booking-class-cancelled-email";
import { renderBookingConfirmedEmail } from "@/lib/email/templates/booking-confirmed-email";
import { renderBookingPassRefundedEmail } from "@/lib/email/templates/booking-pass-refunded-email";
import { renderBookingOfferedEmail } from "@/lib/email/templates/booking-offered-email";
import { renderBookingPromotedEmail } from "@/lib/email/templates/booking-promoted-email";
import { renderBookingReminderEmail } from "@/lib/email/templates/booking-reminder-email";
import { renderBookingTeachersChangedEmail } from "@/lib/email/templates/booking-teachers-changed-email";
import { emailLocale, type Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import type { BookingNotice } from "./booking-notice";

/** What a booking email says, as it stands when the email is sent. */
export type BookingEmailFacts = {
  bookingId: string;
  status: string;
  accountName: string;
  /** The studio's locale tag: dates follow it, and the text its language unless the attendee chose one. */
  locale: string;
  timezone: string;
  attendeeEmail: string;
  attendeeName: string;
  /** The attendee's guardian (a child's, or a guest's without an email), whom the email goes to and greets; else null. */
  guardianName: string | null;
  /** The attendee's own choice of language (`da`, `en`), or null. */
  attendeeLocale: string | null;
  eventTitle: string;
  location: string;
  /** The street address of the class's location (its Location's), when it has one. */
  address: string | null;
  /** The studio's free cancellation window: a reminder says until when cancelling is free. */
  cancellationWindowHours: number;
  startsAt: Date;
  endsAt: Date;
  /** Who teaches the class now: the display names of the instance's teachers who are members, in order. */
  teacherNames: string[];
  /** The app's host name: the calendar event's UID is `booking-<id>@<host>`. */
  calendarHost: string;
  /** The calendar event's SEQUENCE: the instance's, raised by each move. */
  calendarSequence: number;
  /** A waitlisted booking offered a place: until when it is held (decision 0039); else null. */
  offerExpiresAt: Date | null;
  /** The studio's slug, for links to the member's page. */
  slug: string | null;
  /** Where an offer is claimed: the member's page of the studio. */
  claimUrl: string;
};

/**
 * The email of one booking notice (confirmed, promoted and moved with an .ics attachment; a move's
 * updates the event already in the attendee's calendar: METHOD:REQUEST, the same UID, the
 * instance's raised SEQUENCE), or null when it is no longer to be sent: a confirmation (or a
 * substitute's news, or a move) for a booking cancelled again before its email went out.
 */
export async function renderBookingEmail(
  notice: BookingNotice,
  facts: BookingEmailFacts,
): Promise<EmailMessage | null> {
  const confirms = notice.kind === "confirmed" || notice.kind === "promoted";
  // a confirmation, a reminder or news of a substitute, for a booking cancelled before its email went out
  const aboutConfirmed = confirms || notice.kind === "teachers_changed" || notice.kind === "reminder";
  if (aboutConfirmed && facts.status !== "confirmed") return null;
  const moved = notice.kind === "moved";
  if (moved && facts.status !== "confirmed" && facts.status !== "waitlisted") return null;
  // an offer claimed, cancelled or lapsed before its email went out
  if (notice.kind === "offered" && (facts.status !== "waitlisted" || facts.offerExpiresAt === null)) return null;
  const booked: BookedClass = {
    accountName: facts.accountName,
    attendeeName: facts.attendeeName,
    ...(facts.guardianName === null ? {} : { aboutChild: { guardianName: facts.guardianName, kind: notice.kind } }),
    eventTitle: facts.eventTitle,
    when: formatFullDateTime(facts.startsAt, { locale: facts.locale, zone: facts.timezone }),
    location: facts.location,
  };
  const locale = emailLocale({ recipient: facts.attendeeLocale, studioLocaleTag: facts.locale });
  const message = await renderContent(notice, { booked, locale }, facts);
  const attachments: EmailAttachment[] | undefined =
    confirms || moved ? [calendarAttachment(facts, locale, moved ? "REQUEST" : "PUBLISH")] : undefined;
  return { to: facts.attendeeEmail, ...message, ...(attachments ? { attachments } : {}) };
}

function renderContent(notice: BookingNotice, props: BookingEmailProps, facts: BookingEmailFacts) {
  const { status } = facts;
  switch (notice.kind) {
    case "confirmed":
      return renderBookingConfirmedEmail(props);
    case "promoted":
      return renderBookingPromotedEmail(props);
    case "cancelled":
      return renderBookingCancelledEmail({
        ...props,
        late: status === "late_cancelled",
        waitlisted: notice.wasWaitlisted === true,
      });
    case "cancelled_by_studio":
      return renderBookingClassCancelledEmail({ ...props, waitlisted: notice.wasWaitlisted === true });
    case "pass_refunded":
      return renderBookingPassRefundedEmail(props);
    case "membership_paused":
      return renderBookingPassRefundedEmail(props, "paused");
    case "reminder":
      return renderBookingReminderEmail({ ...props, ...reminderFacts(facts) });
    case "teachers_changed":
      return renderBookingTeachersChangedEmail({ ...props, teacherNames: facts.teacherNames });
    case "moved":
      return renderBookingMovedEmail({ ...props, ...movedFacts(notice, facts) });
    case "offered":
      return renderBookingOfferedEmail({
        ...props,
        heldUntil: heldUntilWords(facts.offerExpiresAt ?? facts.startsAt, facts, props.locale),
        claimUrl: facts.claimUrl,
      });
    default: // a row written by raw SQL with a kind this code does not know
      throw new TypeError("unknown booking email kind");
  }
}

/** "fredag kl. 08.00": with its weekday, so an offer made before the night that lapses the next morning says so. */
function heldUntilWords(expiresAt: Date, facts: BookingEmailFacts, locale: Locale): string {
  const where = { locale: facts.locale, zone: facts.timezone };
  const offered = translatorFor(locale, "BookingOfferedEmail");
  return offered("until", { day: formatWeekday(expiresAt, where), time: formatTime(expiresAt, where) });
}

/** What a reminder adds: the address, and until when cancelling is free (null: that moment has passed). */
function reminderFacts(facts: BookingEmailFacts): { address: string | null; freeCancellationUntil: string | null } {
  const until = new Date(facts.startsAt.getTime() - facts.cancellationWindowHours * 3_600_000);
  return {
    address: facts.address,
    freeCancellationUntil:
      until.getTime() > Date.now() ? formatFullDateTime(until, { locale: facts.locale, zone: facts.timezone }) : null,
  };
}

/** What a move's email adds: the earlier start, and the earlier place when that changed. */
function movedFacts(notice: BookingNotice, facts: BookingEmailFacts) {
  const previous = notice.previous ?? { startsAt: facts.startsAt, location: facts.location };
  return {
    before: formatFullDateTime(previous.startsAt, { locale: facts.locale, zone: facts.timezone }),
    previousLocation: previous.location === facts.location ? null : previous.location,
    waitlisted: facts.status === "waitlisted",
  };
}

/**
 * The class as a calendar event under the booking's UID, its words in the email's language (a
 * waitlisted booking's as the personal feed shows it, tentative).
 */
function calendarAttachment(facts: BookingEmailFacts, locale: Locale, method: "PUBLISH" | "REQUEST"): EmailAttachment {
  const t = translatorFor(locale, "CalendarText");
  const waitlisted = facts.status === "waitlisted";
  return {
    filename: "booking.ics",
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: buildCalendar({
      name: facts.accountName,
      method,
      events: [
        {
          uid: `booking-${facts.bookingId}@${facts.calendarHost}`,
          start: facts.startsAt,
          end: facts.endsAt,
          summary: waitlisted
            ? translatorFor(locale, "PersonalCalendar")("waitlisted", { title: facts.eventTitle })
            : facts.eventTitle,
          description: t("bookedWith", { studio: facts.accountName }),
          location: facts.location || undefined,
          status: waitlisted ? "TENTATIVE" : "CONFIRMED",
          sequence: facts.calendarSequence,
        },
      ],
    }),
  };
}
