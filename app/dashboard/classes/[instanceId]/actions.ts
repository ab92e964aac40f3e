"use server";

import { getTranslations } from "next-intl/server";
import { readText } from "@/components/forms/form-data";
import { action } from "@/lib/web/action";
import { bookInstance } from "@/lib/bookings/book-instance";
import { cancelBooking } from "@/lib/bookings/cancel-booking";
import { promoteBooking } from "@/lib/bookings/promote-booking";
import { grantEntitlement } from "@/lib/commerce/grant-entitlement";
import { listProducts } from "@/lib/commerce/list-products";
import { AppError } from "@/lib/errors";
import { recordAttendance } from "@/lib/bookings/record-attendance";
import { parseWith } from "@/lib/http/parse-input";
import { Id } from "@/lib/schemas/common";
import { UpdateBookingInput } from "@/lib/schemas/booking";

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

/**
 * Adds a walk-in: books the person into the class with their own pass (POST /bookings with
 * `attendeeId`: the booking statement picks the pass and applies the rules), or, at the desk, first
 * grants the chosen drop-in price (POST /users/{userId}/entitlements with `priceId`: an
 * administrator's) and books with it.
 */
export const bookWalkInAction = action(
  { auth: "staff", ids: ["instanceId", "attendeeId"], revalidate: revalidateClass },
  async ({ viewer, ids: { instanceId, attendeeId }, formData }) => {
    const priceId = readText(formData, "priceId");
    let entitlementId: string | undefined;
    if (priceId !== undefined) {
      if (viewer.persona !== "administrator") throw new AppError("insufficient_permission");
      const products = await listProducts({ db: viewer.db });
      const product = products.find((candidate) => candidate.prices.some((price) => price.id === priceId));
      if (!product) throw new AppError("not_found");
      const granted = await grantEntitlement({
        db: viewer.db,
        accountId: viewer.accountId,
        userId: attendeeId,
        input: { productId: product.id, priceId: parseWith(Id, priceId) },
      });
      entitlementId = granted.id;
    }
    const booking = await bookInstance({
      tokenHash: viewer.session.tokenHash,
      input: { instanceId, attendeeId, ...(entitlementId ? { entitlementId } : {}) },
    });
    const walkIn = await getTranslations("WalkInActions");
    return booking.status === "waitlisted" ? walkIn("waitlisted") : walkIn("booked");
  },
);

/** Moves a waitlisted person up: POST /bookings/{bookingId}/promote's lib function (their pass that expires first). */
export const promoteWaitlistedAction = action(
  { auth: "staff", ids: ["bookingId"], revalidate: revalidateClass },
  async ({ viewer, ids: { bookingId } }) => {
    await promoteBooking({ db: viewer.db, accountId: viewer.accountId, actor: viewer, bookingId });
    const words = await getTranslations("RosterActions");
    return words("promoted");
  },
);
