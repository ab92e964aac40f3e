"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { buttonClass } from "@/components/forms/action-form";
import type { FormState } from "@/lib/web/form-state";
import { recordAttendanceAction } from "./actions";

const MARKS = ["attended", "no_show", "clear"] as const;

/** Attended / no-show / clear for one booking; the current mark is pressed; errors stay beside the buttons. */
export function AttendanceButtons({
  instanceId,
  bookingId,
  attendee,
  attendance,
}: {
  instanceId: string;
  bookingId: string;
  attendee: string;
  attendance: string | null;
}) {
  const t = useTranslations("AttendanceButtons");
  const labels: Record<(typeof MARKS)[number], string> = {
    attended: t("attended"),
    no_show: t("noShow"),
    clear: t("clear"),
  };
  const [pending, startTransition] = useTransition();
  const [busy, setBusy] = useState<string | null>(null);
  const [state, setState] = useState<FormState>({ ok: false });

  function mark(value: string) {
    const formData = new FormData();
    formData.set("instanceId", instanceId);
    formData.set("bookingId", bookingId);
    formData.set("attendance", value);
    setBusy(value);
    startTransition(async () => {
      try {
        setState(await recordAttendanceAction(formData));
      } catch {
        setState({ ok: false, error: t("requestFailed") });
      }
      setBusy(null);
    });
  }

  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t("attendanceOf", { attendee })}>
      {MARKS.map((value) => {
        const current = value === "clear" ? attendance === null : attendance === value;
        return (
          <button
            key={value}
            type="button"
            onClick={() => mark(value)}
            disabled={pending}
            aria-pressed={value === "clear" ? undefined : current}
            className={
              current && value !== "clear"
                ? buttonClass.primary.replace("px-4 py-2", "px-3 py-1.5")
                : buttonClass.secondary
            }
          >
            {busy === value ? t("saving") : labels[value]}
          </button>
        );
      })}
      <span aria-live="polite" className="text-sm empty:hidden">
        {state.error ? (
          <span role="alert" className="text-red-700">
            {state.error}
          </span>
        ) : null}
      </span>
    </div>
  );
}
