"use client";

import { useTranslations } from "next-intl";
import { StateForm } from "@/components/dashboard/state-form";
import { useSectionNotice } from "@/components/dashboard/section-notice";
import { ActionForm } from "@/components/forms/action-form";
import type { FormState } from "@/lib/web/form-state";
import { promoteWaitlistedAction } from "./actions";

/**
 * "Ryk op" on a waitlisted person. With a place free it moves them up at once; on a full class it
 * unfolds the one step the desk confirms, "Ryk op og giv en ekstra plads": the class grows by one
 * place for this person only (POST /bookings/{id}/promote with `extraPlace`), nobody else is offered it.
 */
export function PromoteForm({
  instanceId,
  bookingId,
  attendee,
  full,
  capacity,
}: {
  instanceId: string;
  bookingId: string;
  attendee: string;
  /** No place is free: moving up needs an extra one. */
  full: boolean;
  capacity: number;
}) {
  const t = useTranslations("PromoteForm");
  const tellSection = useSectionNotice();
  // The row leaves the waitlist once the move succeeded: its message is told above the list.
  const onSuccess = (result: FormState) => {
    if (result.message) tellSection(result.message);
  };
  if (!full)
    return (
      <ActionForm
        action={promoteWaitlistedAction}
        hidden={{ instanceId, bookingId }}
        submitLabel={t("moveUp")}
        accessibleLabel={t("moveUpAttendee", { attendee })}
        variant="secondary"
        inline
        onSuccess={onSuccess}
      />
    );
  return (
    <details className="text-sm">
      <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md border border-slate-400 bg-white px-4 font-medium text-slate-900 hover:bg-slate-50">
        {t("moveUp")}
        <span className="sr-only"> {t("of", { attendee })}</span>
      </summary>
      <StateForm
        action={promoteWaitlistedAction}
        hidden={{ instanceId, bookingId, extraPlace: "true" }}
        submitLabel={t("moveUpWithExtraPlace")}
        pendingLabel={t("moving")}
        onSuccess={onSuccess}
        className="mt-2 space-y-3 rounded-md border border-amber-300 bg-amber-50 p-3"
      >
        {() => <p className="text-slate-800">{t("fullHint", { attendee, capacity: capacity + 1 })}</p>}
      </StateForm>
    </details>
  );
}
