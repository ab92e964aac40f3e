"use server";

import { getTranslations } from "next-intl/server";
import { readText } from "@/components/forms/form-data";
import type { FormState } from "@/lib/web/form-state";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { runAction } from "@/lib/web/run-action";
import { recordAttendance } from "@/lib/bookings/record-attendance";
import { parseWith } from "@/lib/http/parse-input";
import { Id } from "@/lib/schemas/common";
import { UpdateBookingInput } from "@/lib/schemas/booking";

/** Check-in: the same lib function and body schema as PATCH /bookings/{bookingId}. */
export async function recordAttendanceAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  const instanceId = readText(formData, "instanceId") ?? "";
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
    { revalidate: [`/dashboard/classes/${instanceId}`, "/dashboard/summary"] },
  );
}
