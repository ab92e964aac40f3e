"use server";

import { getTranslations } from "next-intl/server";
import { readText } from "@/components/forms/form-data";
import type { FormState } from "@/lib/web/form-state";
import { requireStaff } from "@/lib/web/require-administrator";
import { runAction } from "@/lib/web/run-action";
import { cancelBooking } from "@/lib/bookings/cancel-booking";
import { recordAttendance } from "@/lib/bookings/record-attendance";
import { parseWith } from "@/lib/http/parse-input";
import { Id } from "@/lib/schemas/common";
import { UpdateBookingInput } from "@/lib/schemas/booking";

// Staff actions of one class's roster: an administrator, or a teacher of the class (the lib
// functions decide through managesInstance: another class's booking answers "Insufficient permission").

function revalidateClass(formData: FormData): string[] {
  return [`/dashboard/classes/${readText(formData, "instanceId") ?? ""}`, "/dashboard/summary", "/dashboard"];
}

/** Check-in: the same lib function and body schema as PATCH /bookings/{bookingId}. */
export async function recordAttendanceAction(formData: FormData): Promise<FormState> {
  const viewer = await requireStaff();
  return runAction(
    async () => {
      const bookingId = parseWith(Id, readText(formData, "bookingId"));
      const mark = readText(formData, "attendance");
      const { attendance } = parseWith(UpdateBookingInput, { attendance: mark === "clear" ? null : mark });
      await recordAttendance({ db: viewer.db, actor: viewer, bookingId, attendance });
      const t = await getTranslations("AttendanceActions");
      const done = { attended: t("checkedIn"), no_show: t("markedNoShow"), clear: t("cleared") };
      return done[attendance ?? "clear"];
    },
    { revalidate: revalidateClass(formData) },
  );
}

/**
 * Cancels someone's booking: DELETE /bookings/{bookingId}'s lib function; `refundCredit=true` (the
 * desk forgiving a late cancellation) returns the credit even inside the late-cancel window.
 */
export async function cancelAttendeeBookingAction(formData: FormData): Promise<FormState> {
  const viewer = await requireStaff();
  return runAction(
    async () => {
      const bookingId = parseWith(Id, readText(formData, "bookingId"));
      const refundCredit = readText(formData, "refundCredit") === "true";
      const booking = await cancelBooking({
        db: viewer.db,
        accountId: viewer.accountId,
        actor: viewer,
        bookingId,
        refundCredit,
      });
      const words = await getTranslations("RosterActions");
      return booking.status === "late_cancelled" ? words("lateCancelled") : words("cancelled");
    },
    { revalidate: revalidateClass(formData) },
  );
}
