import "server-only";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { buildCalendar } from "@/lib/calendar/ics";
import { env } from "@/lib/env";
import { sendEmail, type EmailAttachment } from "@/lib/email/send-email";
import type { BookedClass } from "@/lib/email/templates/booking-email-layout";
import { renderBookingCancelledEmail } from "@/lib/email/templates/booking-cancelled-email";
import { renderBookingClassCancelledEmail } from "@/lib/email/templates/booking-class-cancelled-email";
import { renderBookingConfirmedEmail } from "@/lib/email/templates/booking-confirmed-email";
import { renderBookingPromotedEmail } from "@/lib/email/templates/booking-promoted-email";
import { log } from "@/lib/log";
import type { BookingNotice } from "./booking-tx";

/**
 * Sends the emails of committed booking changes: booking confirmed (with an .ics attachment),
 * booking cancelled, waitlist promoted (also with the .ics), class cancelled by the studio. Called
 * after the transaction commits and not awaited: the answer does not wait for mail, and a failure
 * is logged (booking id and error name only), never thrown.
 */
export function sendBookingEmails(accountId: string, notices: BookingNotice[]): void {
  if (notices.length === 0) return;
  deliver(accountId, notices).catch((error: unknown) => {
    log.error("booking emails not sent", { accountId, errorName: error instanceof Error ? error.name : typeof error });
  });
}

async function deliver(accountId: string, notices: BookingNotice[]): Promise<void> {
  const account = await db.account.findUnique({ where: { id: accountId } });
  if (!account) return;
  const bookings = await tenantDb(accountId).booking.findMany({
    where: { id: { in: notices.map((notice) => notice.bookingId) } },
    include: { attendee: true, instance: { include: { event: true } } },
  });
  const byId = new Map(bookings.map((booking) => [booking.id, booking]));
  const when = new Intl.DateTimeFormat(account.locale, {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: account.timezone,
  });

  for (const notice of notices) {
    const booking = byId.get(notice.bookingId);
    if (!booking) continue;
    // A confirmation is not sent for a booking that was cancelled again before its email went out.
    if ((notice.kind === "confirmed" || notice.kind === "promoted") && booking.status !== "confirmed") continue;
    const { instance, attendee } = booking;
    const booked: BookedClass = {
      accountName: account.name,
      attendeeName: attendee.displayName,
      eventTitle: instance.event.title,
      when: when.format(instance.startsAt),
      location: instance.event.location,
    };
    try {
      const message = await render(notice, booked, booking.status);
      const attachments: EmailAttachment[] | undefined =
        notice.kind === "confirmed" || notice.kind === "promoted"
          ? [
              {
                filename: "booking.ics",
                contentType: "text/calendar; charset=utf-8; method=PUBLISH",
                content: buildCalendar({
                  name: account.name,
                  events: [
                    {
                      uid: `booking-${booking.id}@${new URL(env().APP_URL).hostname}`,
                      start: instance.startsAt,
                      end: instance.endsAt,
                      summary: instance.event.title,
                      description: `Booked with ${account.name}`,
                      location: instance.event.location || undefined,
                      status: "CONFIRMED",
                    },
                  ],
                }),
              },
            ]
          : undefined;
      await sendEmail({ to: attendee.email, ...message, ...(attachments ? { attachments } : {}) });
    } catch (error) {
      log.error("booking email not sent", {
        bookingId: booking.id,
        kind: notice.kind,
        errorName: error instanceof Error ? error.name : typeof error,
      });
    }
  }
}

function render(notice: BookingNotice, booked: BookedClass, status: string) {
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
  }
}
