"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { buttonClass } from "@/components/ui/button";

export type DemoAttendeeOption = { id: string; displayName: string };

type Status =
  | { kind: "idle" }
  | { kind: "busy"; message: string }
  | { kind: "error"; message: string }
  | { kind: "done"; message: string };

async function post(path: string, body?: unknown): Promise<Response> {
  return fetch(path, {
    method: "POST",
    credentials: "same-origin",
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The API's own message (contract English), else `fallback` ("The demo answered 503."). */
async function errorMessage(response: Response, fallback: string): Promise<string> {
  try {
    const body = (await response.json()) as { error?: string };
    return body.error ?? fallback;
  } catch {
    return fallback;
  }
}

/**
 * "Try the demo": signs in as a seeded persona of the demo studio (POST /api/demo-auth/session sets
 * the demo_session cookie), then opens the dashboard or the studio's public pages.
 */
export function DemoPanel({ attendees }: { attendees: DemoAttendeeOption[] }) {
  const [attendeeId, setAttendeeId] = useState(attendees[0]?.id ?? "");
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const selectId = useId();
  const busy = status.kind === "busy";
  const t = useTranslations("DemoPanel");

  async function tryAs(persona: "administrator" | "teacher" | "attendee") {
    setStatus({ kind: "busy", message: t("signingIn") });
    try {
      const response = await post(
        "/api/demo-auth/session",
        persona === "attendee" ? { persona, userId: attendeeId } : { persona },
      );
      if (!response.ok) {
        setStatus({
          kind: "error",
          message: await errorMessage(response, t("answered", { status: response.status })),
        });
        return;
      }
      // A full navigation, so that the next page is rendered with the new cookie.
      window.location.assign(persona === "attendee" ? "/demo" : "/dashboard");
    } catch {
      setStatus({ kind: "error", message: t("unreachable") });
    }
  }

  async function reset() {
    if (!window.confirm(t("confirmReset"))) return;
    setStatus({ kind: "busy", message: t("resetting") });
    try {
      const response = await post("/api/demo-auth/reset");
      setStatus(
        response.ok
          ? { kind: "done", message: t("resetDone") }
          : { kind: "error", message: await errorMessage(response, t("answered", { status: response.status })) },
      );
    } catch {
      setStatus({ kind: "error", message: t("unreachable") });
    }
  }

  return (
    <div className="mt-6 space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <div className="rounded-lg border border-slate-200 p-4">
          <h3 className="font-semibold text-brand-900">{t("adminTitle")}</h3>
          <p className="mt-1 text-sm text-slate-700">{t("adminText", { name: "Mette Lund" })}</p>
          <button
            type="button"
            disabled={busy}
            onClick={() => tryAs("administrator")}
            className={buttonClass("primary", "md", "mt-4")}
          >
            {t("tryAdmin")}
          </button>
        </div>
        <div className="rounded-lg border border-slate-200 p-4">
          <h3 className="font-semibold text-brand-900">{t("teacherTitle")}</h3>
          <p className="mt-1 text-sm text-slate-700">{t("teacherText", { name: "Clara Holt" })}</p>
          <button
            type="button"
            disabled={busy}
            onClick={() => tryAs("teacher")}
            className={buttonClass("primary", "md", "mt-4")}
          >
            {t("tryTeacher")}
          </button>
        </div>
        <div className="rounded-lg border border-slate-200 p-4">
          <h3 className="font-semibold text-brand-900">{t("attendeeTitle")}</h3>
          <p className="mt-1 text-sm text-slate-700">{t("attendeeText")}</p>
          {attendees.length > 0 ? (
            <>
              <label htmlFor={selectId} className="mt-3 block text-sm font-medium">
                {t("attendee")}
              </label>
              <select
                id={selectId}
                value={attendeeId}
                onChange={(event) => setAttendeeId(event.target.value)}
                className="mt-1 w-full rounded-md border border-slate-400 bg-white px-3 py-2"
              >
                {attendees.map((attendee) => (
                  <option key={attendee.id} value={attendee.id}>
                    {attendee.displayName}
                  </option>
                ))}
              </select>
              <button
                type="button"
                disabled={busy || !attendeeId}
                onClick={() => tryAs("attendee")}
                className={buttonClass("primary", "md", "mt-4")}
              >
                {t("tryAttendee")}
              </button>
            </>
          ) : (
            <p className="mt-3 text-sm text-slate-700">{t("noAttendees")}</p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <button
          type="button"
          disabled={busy}
          onClick={reset}
          className="rounded-md border border-slate-500 px-4 py-2 font-medium text-slate-900 hover:bg-slate-100 disabled:opacity-60"
        >
          {t("reset")}
        </button>
        <p className="text-sm text-slate-700">{t("shared")}</p>
      </div>
      <div aria-live="polite">
        {status.kind === "busy" && <p role="status">{status.message}</p>}
        {status.kind === "done" && (
          <p role="status" className="rounded-md bg-emerald-50 p-3 text-emerald-900">
            {status.message}
          </p>
        )}
        {status.kind === "error" && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
            {status.message}
          </p>
        )}
      </div>
    </div>
  );
}
