"use server";

import { getTranslations } from "next-intl/server";
import { readRaw, readText } from "@/components/forms/form-data";
import { action } from "@/lib/web/action";
import { bookWalkIn, type WalkIn } from "@/lib/bookings/book-walk-in";
import { cancelBooking } from "@/lib/bookings/cancel-booking";
import { promoteBooking } from "@/lib/bookings/promote-booking";
import { recordAttendance } from "@/lib/bookings/record-attendance";
import { parseWith } from "@/lib/http/parse-input";
import { Id } from "@/lib/schemas/common";
import { UpdateBookingInput } from "@/lib/schemas/booking";
import { NewWalkInInput } from "@/lib/schemas/walk-in";

// Staff actions of one class's roster: an administrator, or a teacher of the class (the lib
// functions decide through managesInstance: another class's booking answers "Insufficient permission").

function revalidateClass(formData: FormData): string[] {
  return [`/dashboard/classes/${readText(formData, "instanceId") ?? ""}`, "/dashboard/summary", "/dashboard"];
}

/** "clear" takes the mark back (null). */
function readAttendance(formData: FormData, name: string) {
  const mark = readText(formData, name);
  return mark === "clear" ? null : mark;
}

/** Check-in: the same lib function and body schema as PATCH /bookings/{bookingId}. */
export const recordAttendanceAction = action(
  {
    auth: "staff",
    ids: ["bookingId"],
    input: { schema: UpdateBookingInput, fields: { attendance: readAttendance } },
    revalidate: revalidateClass,
  },
  async ({ viewer, ids: { bookingId }, input: { attendance } }) => {
    await recordAttendance({ db: viewer.db, actor: viewer, bookingId, attendance });
    const t = await getTranslations("AttendanceActions");
    const done = { attended: t("checkedIn"), no_show: t("markedNoShow"), clear: t("cleared") };
    return done[attendance ?? "clear"];
  },
);

/**
 * Cancels someone's booking: DELETE /bookings/{bookingId}'s lib function; `refundCredit=true` (the
 * desk forgiving a late cancellation) returns the credit even inside the late-cancel window.
 */
export const cancelAttendeeBookingAction = action(
  { auth: "staff", ids: ["bookingId"], revalidate: revalidateClass },
  async ({ viewer, ids: { bookingId }, formData }) => {
    const booking = await cancelBooking({
      db: viewer.db,
      accountId: viewer.accountId,
      actor: viewer,
      bookingId,
      refundCredit: readText(formData, "refundCredit") === "true",
    });
    const words = await getTranslations("RosterActions");
    return booking.status === "late_cancelled" ? words("lateCancelled") : words("cancelled");
  },
);

/** What the desk hears after a walk-in: booked (and checked in, inside the check-in window) or waitlisted. */
async function walkInAnswer({ booking, checkedIn }: WalkIn): Promise<string> {
  const walkIn = await getTranslations("WalkInActions");
  if (booking.status === "waitlisted") return walkIn("waitlisted");
  return checkedIn ? walkIn("bookedAndCheckedIn") : walkIn("booked");
}

/**
 * Adds a member found by search: books them with their own pass, or first sells them the chosen
 * drop-in price (`priceId`) and books with it (lib/bookings/book-walk-in.ts).
 */
export const bookWalkInAction = action(
  { auth: "staff", ids: ["instanceId", "attendeeId"], revalidate: revalidateClass },
  async ({ viewer, ids: { instanceId, attendeeId }, formData }) => {
    const priceId = readText(formData, "priceId");
    return walkInAnswer(
      await bookWalkIn({
        viewer,
        instanceId,
        person: { attendeeId },
        ...(priceId === undefined ? {} : { priceId: parseWith(Id, priceId) }),
      }),
    );
  },
);

/**
 * Moves a waitlisted person up: POST /bookings/{bookingId}/promote's lib function (their pass that
 * expires first). `extraPlace=true` (the desk's confirmed step on a full class) grows the class by one
 * place for them, offered to nobody else.
 */
export const promoteWaitlistedAction = action(
  { auth: "staff", ids: ["bookingId"], revalidate: revalidateClass },
  async ({ viewer, ids: { bookingId }, formData }) => {
    const extraPlace = readText(formData, "extraPlace") === "true";
    await promoteBooking({ db: viewer.db, accountId: viewer.accountId, actor: viewer, bookingId, extraPlace });
    const words = await getTranslations("RosterActions");
    return extraPlace ? words("promotedExtraPlace") : words("promoted");
  },
);

/** Adds a person who is not yet a member (a name, an email if they give one) and books them, as above. */
export const addWalkInAction = action(
  {
    auth: "staff",
    ids: ["instanceId"],
    input: { schema: NewWalkInInput, fields: { displayName: readRaw, email: readText, priceId: readText } },
    revalidate: revalidateClass,
  },
  async ({ viewer, ids: { instanceId }, input: { priceId, ...person } }) =>
    walkInAnswer(await bookWalkIn({ viewer, instanceId, person, ...(priceId === undefined ? {} : { priceId }) })),
);
