"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef } from "react";
import { inputClass } from "@/components/forms/field";
import { FieldError, StateForm } from "@/components/dashboard/state-form";
import { createOneOffClassAction, setTeachersAction } from "./actions";

type Choice = { id: string; name: string };

/** Who teaches one class: a substitute is chosen here (the class keeps its own teachers from then on). */
export function TeachersForm({
  instanceId,
  teacherIds,
  staff,
}: {
  instanceId: string;
  teacherIds: string[];
  staff: Choice[];
}) {
  const id = useId();
  const t = useTranslations("CalendarPanel");
  return (
    <StateForm
      action={setTeachersAction}
      hidden={{ instanceId }}
      submitLabel={t("saveTeachers")}
      pendingLabel={t("saving")}
      variant="secondary"
    >
      {(state) => (
        <fieldset aria-describedby={state.fieldErrors?.teacherIds ? `${id}-error` : undefined}>
          <legend className="text-sm font-medium text-slate-800">{t("teachers")}</legend>
          <p className="text-sm text-slate-600">{t("teachersHint")}</p>
          <div className="mt-2 grid gap-1">
            {staff.map((person) => (
              <label key={person.id} className="flex min-h-11 items-center gap-3 text-sm">
                <input
                  type="checkbox"
                  name="teacherIds"
                  value={person.id}
                  defaultChecked={teacherIds.includes(person.id)}
                  className="size-5"
                />
                {person.name}
              </label>
            ))}
          </div>
          <FieldError id={`${id}-error`} error={state.fieldErrors?.teacherIds ?? state.fieldErrors?.["teacherIds.0"]} />
        </fieldset>
      )}
    </StateForm>
  );
}

/** A one-off class: which class (event), when (studio time) and, optionally, its own capacity. */
export function NewClassForm({
  startsAtLocal,
  zoneName,
  events,
  returnTo,
}: {
  startsAtLocal: string;
  /** The studio's time zone as the page names it: "Central European Time", "Centraleuropæisk tid". */
  zoneName: string;
  events: { id: string; label: string }[];
  returnTo: string;
}) {
  const id = useId();
  const t = useTranslations("CalendarPanel");
  return (
    <StateForm
      action={createOneOffClassAction}
      hidden={{ returnTo }}
      submitLabel={t("addClass")}
      pendingLabel={t("adding")}
    >
      {(state) => (
        <>
          <div>
            <label htmlFor={`${id}-event`} className="block text-sm font-medium text-slate-800">
              {t("whichClass")}
            </label>
            <select
              id={`${id}-event`}
              name="eventId"
              required
              defaultValue=""
              className={inputClass}
              aria-invalid={state.fieldErrors?.eventId ? true : undefined}
              aria-describedby={state.fieldErrors?.eventId ? `${id}-event-error` : undefined}
            >
              <option value="" disabled>
                {t("chooseClass")}
              </option>
              {events.map((event) => (
                <option key={event.id} value={event.id}>
                  {event.label}
                </option>
              ))}
            </select>
            <FieldError id={`${id}-event-error`} error={state.fieldErrors?.eventId} />
          </div>
          <div>
            <label htmlFor={`${id}-startsAt`} className="block text-sm font-medium text-slate-800">
              {t("startsAt", { zone: zoneName })}
            </label>
            <input
              id={`${id}-startsAt`}
              name="startsAt"
              type="datetime-local"
              defaultValue={startsAtLocal}
              className={inputClass}
              aria-invalid={state.fieldErrors?.startsAt ? true : undefined}
              aria-describedby={state.fieldErrors?.startsAt ? `${id}-startsAt-error` : undefined}
            />
            <FieldError
              id={`${id}-startsAt-error`}
              error={state.fieldErrors?.startsAt ?? state.fieldErrors?.startsOn}
            />
          </div>
          <div>
            <label htmlFor={`${id}-capacity`} className="block text-sm font-medium text-slate-800">
              {t("capacity")}
            </label>
            <input
              id={`${id}-capacity`}
              name="capacity"
              type="number"
              min={0}
              inputMode="numeric"
              placeholder={t("capacityDefault")}
              className={`${inputClass} max-w-40`}
              aria-invalid={state.fieldErrors?.capacity ? true : undefined}
              aria-describedby={state.fieldErrors?.capacity ? `${id}-capacity-error` : undefined}
            />
            <FieldError id={`${id}-capacity-error`} error={state.fieldErrors?.capacity} />
          </div>
        </>
      )}
    </StateForm>
  );
}

/** Moves focus to the panel's heading when a panel opens, so keyboard and screen-reader users land in it. */
export function FocusOnOpen({ targetId, openKey }: { targetId: string; openKey: string }) {
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (last.current === openKey) return;
    last.current = openKey;
    document.getElementById(targetId)?.focus();
  }, [targetId, openKey]);
  return null;
}
