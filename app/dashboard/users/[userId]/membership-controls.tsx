"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { ActionForm } from "@/components/forms/action-form";
import { inputClass } from "@/components/forms/field";
import { FieldError, StateForm } from "@/components/dashboard/state-form";
import { cancelMembershipAction, pauseMembershipAction, resumeMembershipAction } from "../membership-actions";
import { buttonClass } from "@/components/ui/button";
import type { MembershipControls as Allowed } from "@/lib/commerce/membership-controls";

/**
 * An administrator's buttons for one membership (a subscription) on a person's page, those membershipControls
 * allows: cancel at the end of the paid period (confirmed, as cancelling a class), pause from/until behind a
 * disclosure (confirmed with how many bookings on the paused days it cancels, when any), resume while a pause
 * runs or waits.
 */
export function MembershipControls({
  entitlementId,
  userId,
  product,
  person,
  endsOn,
  allowed,
  bookedDays,
  today,
}: {
  entitlementId: string;
  userId: string;
  product: string;
  person: string;
  /** The end of the paid period still to come, formatted; null when a cancel ends it at once. */
  endsOn: string | null;
  /** What may be done to it now (membershipControls). */
  allowed: Allowed;
  /** The studio's dates of its confirmed bookings still to start: the confirmation counts those a pause cancels. */
  bookedDays: string[];
  /** The studio's date, the earliest a pause may start in the form. */
  today: string;
}) {
  const t = useTranslations("MembershipControls");
  const id = useId();
  const hidden = { entitlementId, userId };
  /** Asked before a pause that cancels bookings: how many of them. */
  const confirmPause = (formData: FormData) => {
    const from = String(formData.get("from") ?? "");
    const until = String(formData.get("until") ?? "");
    const count = bookedDays.filter((day) => day >= from && day < until).length;
    return count > 0 ? t("confirmPauseCancels", { person, product, count }) : undefined;
  };
  return (
    <div className="flex flex-wrap items-start gap-2">
      {allowed.resumable ? (
        <ActionForm
          action={resumeMembershipAction}
          hidden={hidden}
          submitLabel={t("resume")}
          pendingLabel={t("resuming")}
          variant="secondary"
          accessibleLabel={t("resumeLabel", { product })}
          inline
        />
      ) : null}
      {allowed.pausable ? (
        <details className="text-sm">
          <summary className={buttonClass("secondary", "md", "cursor-pointer")}>
            {t("pause")}
            <span className="sr-only"> {product}</span>
          </summary>
          <StateForm
            action={pauseMembershipAction}
            hidden={hidden}
            submitLabel={t("confirmPause")}
            confirm={confirmPause}
            pendingLabel={t("pausing")}
            variant="primary"
            className="mt-2 max-w-sm space-y-3 rounded-md border border-slate-300 bg-slate-50 p-3"
          >
            {(state) => (
              <>
                <p className="text-slate-700">{t("pauseIntro")}</p>
                <div className="grid gap-3 sm:grid-cols-2">
                  {(["from", "until"] as const).map((name) => (
                    <div key={name}>
                      <label htmlFor={`${id}-${name}`} className="block font-medium text-slate-800">
                        {name === "from" ? t("from") : t("until")}
                      </label>
                      <input
                        id={`${id}-${name}`}
                        name={name}
                        type="date"
                        min={today}
                        required
                        className={inputClass}
                        aria-invalid={state.fieldErrors?.[name] ? true : undefined}
                        aria-describedby={state.fieldErrors?.[name] ? `${id}-${name}-error` : undefined}
                      />
                      <FieldError id={`${id}-${name}-error`} error={state.fieldErrors?.[name]} />
                    </div>
                  ))}
                </div>
              </>
            )}
          </StateForm>
        </details>
      ) : null}
      {allowed.cancellable ? (
        <ActionForm
          action={cancelMembershipAction}
          hidden={hidden}
          submitLabel={t("cancel")}
          pendingLabel={t("cancelling")}
          variant="danger"
          accessibleLabel={t("cancelLabel", { product })}
          confirm={
            endsOn ? t("confirmCancel", { person, product, date: endsOn }) : t("confirmCancelNow", { person, product })
          }
          inline
        />
      ) : null}
    </div>
  );
}
