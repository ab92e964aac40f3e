"use client";

import { useState, useTransition } from "react";
import { buttonClass } from "@/components/forms/action-form";
import type { FormState } from "@/lib/web/form-state";
import { recordAttendanceAction } from "./actions";

const MARKS = [
  { value: "attended", label: "Attended" },
  { value: "no_show", label: "No-show" },
  { value: "clear", label: "Clear" },
] as const;

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
        setState({ ok: false, error: "The request failed. Check your connection and try again." });
      }
      setBusy(null);
    });
  }

  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`Attendance of ${attendee}`}>
      {MARKS.map((option) => {
        const current = option.value === "clear" ? attendance === null : attendance === option.value;
        return (
          <button
            key={option.value}
            type="button"
            onClick={() => mark(option.value)}
            disabled={pending}
            aria-pressed={option.value === "clear" ? undefined : current}
            className={
              current && option.value !== "clear"
                ? buttonClass.primary.replace("px-4 py-2", "px-3 py-1.5")
                : buttonClass.secondary
            }
          >
            {busy === option.value ? "Saving…" : option.label}
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
