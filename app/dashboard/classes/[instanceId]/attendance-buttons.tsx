"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
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

  const pressedStyle: Record<(typeof MARKS)[number], string> = {
    attended: "border-green-700 bg-green-700 text-white",
    no_show: "border-red-700 bg-red-700 text-white",
    clear: "",
  };

  return (
    <div className="w-full sm:w-auto">
      <div className="grid grid-cols-3 gap-2" role="group" aria-label={t("attendanceOf", { attendee })}>
        {MARKS.map((value) => {
          const current = value === "clear" ? attendance === null : attendance === value;
          const pressed = current && value !== "clear";
          return (
            <button
              key={value}
              type="button"
              onClick={() => mark(value)}
              disabled={pending}
              aria-pressed={value === "clear" ? undefined : current}
              className={`min-h-12 whitespace-nowrap rounded-lg border-2 px-2 py-2 text-sm font-semibold sm:min-w-28 sm:px-3 sm:text-base disabled:cursor-wait disabled:opacity-60 ${
                pressed
                  ? pressedStyle[value]
                  : "border-slate-300 bg-white text-slate-900 hover:border-brand-700 hover:bg-brand-50"
              }`}
            >
              {pressed ? <span aria-hidden="true">✓ </span> : null}
              {busy === value ? t("saving") : labels[value]}
            </button>
          );
        })}
      </div>
      <p aria-live="polite" className="mt-1 text-sm empty:hidden">
        {state.error ? (
          <span role="alert" className="text-red-700">
            {state.error}
          </span>
        ) : null}
      </p>
    </div>
  );
}
