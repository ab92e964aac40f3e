import "server-only";
import type { Booking } from "@prisma/client";

export type BookingRow = Booking;

/** A booking changed by a transaction, for the emails sent after it commits. */
export type BookingNotice = {
  /**
   * `teachers_changed`: the class got other teachers (a substitute), PATCH /instances action `teachers`.
   * `pass_refunded`: the booking was cancelled by the studio because the pass or membership it used
   * was refunded (the class itself goes ahead). `membership_paused`: likewise because the membership it
   * used is paused on that day. `reminder`: the class is soon (schedule-reminders.ts).
   * `moved`: the class got another time or place (`previous`: where and when it was).
   */
  kind:
    | "confirmed"
    | "cancelled"
    | "promoted"
    | "cancelled_by_studio"
    | "teachers_changed"
    | "pass_refunded"
    | "membership_paused"
    | "reminder"
    | "moved"
    | "offered";
  bookingId: string;
  /** For cancellations: the booking was on the waitlist (no place, no credit involved). */
  wasWaitlisted?: boolean;
  /** For `moved`: the class's start and place before the move. */
  previous?: { startsAt: Date; location: string };
  /** Not sent before this (an offer made in the studio's quiet hours waits for their end, decision 0048). */
  notBefore?: Date;
};
