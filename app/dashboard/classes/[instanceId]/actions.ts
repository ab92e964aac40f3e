"use server";

import { readText } from "@/components/forms/form-data";
import type { FormState } from "@/lib/web/form-state";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { runAction } from "@/lib/web/run-action";
import { recordAttendance } from "@/lib/bookings/record-attendance";
import { parseWith } from "@/lib/http/parse-input";
import { Id } from "@/lib/schemas/common";
import { UpdateBookingInput } from "@/lib/schemas/booking";

const LABEL = { attended: "Checked in.", no_show: "Marked as no-show.", clear: "Cleared." } as const;

/** Check-in: the same lib function and body schema as PATCH /bookings/{bookingId}. */
export async function recordAttendanceAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  const instanceId = readText(formData, "instanceId") ?? "";
  return runAction(
    async () => {
      const bookingId = parseWith(Id, readText(formData, "bookingId"));
      const mark = readText(formData, "attendance");
      const { attendance } = parseWith(UpdateBookingInput, { attendance: mark === "clear" ? null : mark });
      await recordAttendance({ db: viewer.db, bookingId, attendance });
      return LABEL[attendance ?? "clear"];
    },
    { revalidate: [`/dashboard/classes/${instanceId}`, "/dashboard/summary"] },
  );
}
