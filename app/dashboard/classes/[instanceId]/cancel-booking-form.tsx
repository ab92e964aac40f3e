"use client";

import { useTranslations } from "next-intl";
import { StateForm } from "@/components/dashboard/state-form";
import { cancelAttendeeBookingAction } from "./actions";

/**
 * Cancels one person's booking from the roster, folded behind a disclosure so that a tap at the
 * door does not cancel by mistake. Inside the late-cancel window it offers to return the credit
 * (DELETE /bookings/{id}?refundCredit=true); otherwise the credit comes back anyway.
 */
export function CancelBookingForm({
  instanceId,
  bookingId,
  attendee,
  late,
  waitlisted = false,
}: {
  instanceId: string;
  bookingId: string;
  attendee: string;
  late: boolean;
  waitlisted?: boolean;
}) {
  const t = useTranslations("CancelBookingForm");
  return (
    <details className="group text-sm">
      <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md px-2 font-medium text-red-700 hover:bg-red-50">
        {waitlisted ? t("removeFromWaitlist") : t("cancelBooking")}
        <span className="sr-only"> {t("of", { attendee })}</span>
      </summary>
      <StateForm
        action={cancelAttendeeBookingAction}
        hidden={{ instanceId, bookingId }}
        submitLabel={waitlisted ? t("confirmRemove", { attendee }) : t("confirmCancel", { attendee })}
        pendingLabel={t("cancelling")}
        variant="danger"
        className="mt-2 space-y-3 rounded-md border border-red-200 bg-red-50 p-3"
      >
        {() =>
          waitlisted ? null : late ? (
            <label className="flex min-h-11 items-start gap-3">
              <input type="checkbox" name="refundCredit" value="true" className="mt-1 size-5" />
              <span>
                <span className="block font-medium text-slate-900">{t("returnCredit")}</span>
                <span className="block text-slate-700">{t("returnCreditHint")}</span>
              </span>
            </label>
          ) : (
            <p className="text-slate-700">{t("creditReturned")}</p>
          )
        }
      </StateForm>
    </details>
  );
}
