"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Field, FieldFrame, describedBy, inputClass } from "@/components/forms/field";
import { StateForm, FieldError } from "@/components/dashboard/state-form";
import { createEventAction, updateEventAction } from "./actions";

export type EventFormEvent = {
  id: string;
  title: string;
  description: string;
  teacherIds: string[];
  location: string;
  locationId: string | null;
  durationMinutes: number;
  capacity: number;
  status: string;
  dropInsAllowed: boolean;
};

type Choices = {
  presets: { name: string; minutes: number }[];
  locations: { id: string; name: string; capacity: number }[];
  /** The location a new event starts on (the studio's only or last used); null: a free-text one. */
  defaultLocationId: string | null;
  teachers: { id: string; name: string }[];
};

/** Create (no `event`) or edit an event: the fields of POST/PATCH /events, with class-length quick picks. */
export function EventForm({ event, choices }: { event?: EventFormEvent; choices: Choices }) {
  const id = useId();
  const t = useTranslations("EventForm");
  const [duration, setDuration] = useState(String(event?.durationMinutes ?? 60));
  const [locationId, setLocationId] = useState(event ? (event.locationId ?? "") : (choices.defaultLocationId ?? ""));
  return (
    <StateForm
      action={event ? updateEventAction : createEventAction}
      hidden={event ? { eventId: event.id } : {}}
      submitLabel={event ? t("save") : t("create")}
      pendingLabel={event ? t("saving") : t("creating")}
      resetOnSuccess={!event}
      onSuccess={() => {
        if (event) return;
        setDuration("60");
        setLocationId(choices.defaultLocationId ?? "");
      }}
    >
      {(state) => {
        const errors = state.fieldErrors ?? {};
        const teacherError = Object.entries(errors).find(([name]) => name.startsWith("teacherIds"))?.[1];
        return (
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <Field
                spec={{ kind: "text", name: "title", label: t("title"), required: true, defaultValue: event?.title }}
                idPrefix={id}
                error={errors.title}
              />
            </div>
            <div className="sm:col-span-2">
              <Field
                spec={{ kind: "textarea", name: "description", label: t("description"), defaultValue: event?.description }}
                idPrefix={id}
                error={errors.description}
              />
            </div>
            <FieldFrame id={`${id}-durationMinutes`} label={t("length")} error={errors.durationMinutes}>
              <input
                id={`${id}-durationMinutes`}
                name="durationMinutes"
                type="number"
                min={1}
                inputMode="numeric"
                value={duration}
                onChange={(e) => setDuration(e.target.value)}
                className={inputClass}
                aria-invalid={errors.durationMinutes ? true : undefined}
                aria-describedby={describedBy(`${id}-durationMinutes`, undefined, errors.durationMinutes)}
              />
              {choices.presets.length > 0 ? (
                <div className="mt-2 flex flex-wrap gap-1" role="group" aria-label={t("quickPicks")}>
                  {choices.presets.map((preset) => (
                    <button
                      key={preset.name + preset.minutes}
                      type="button"
                      onClick={() => setDuration(String(preset.minutes))}
                      aria-pressed={duration === String(preset.minutes)}
                      className="rounded-full border border-brand-700 px-2 py-0.5 text-xs text-brand-700 hover:bg-brand-50 aria-pressed:bg-brand-700 aria-pressed:text-white"
                    >
                      {t("preset", { name: preset.name, minutes: preset.minutes })}
                    </button>
                  ))}
                </div>
              ) : null}
            </FieldFrame>
            <Field
              spec={{
                kind: "number",
                name: "capacity",
                label: t("capacity"),
                min: 1,
                defaultValue: event?.capacity,
                hint: t("capacityHint"),
              }}
              idPrefix={id}
              error={errors.capacity}
            />
            <FieldFrame id={`${id}-locationId`} label={t("location")} error={errors.locationId}>
              <select
                id={`${id}-locationId`}
                name="locationId"
                value={locationId}
                onChange={(e) => setLocationId(e.target.value)}
                className={inputClass}
                aria-invalid={errors.locationId ? true : undefined}
              >
                <option value="">{t("otherLocation")}</option>
                {choices.locations.map((location) => (
                  <option key={location.id} value={location.id}>
                    {t("locationOption", { name: location.name, count: location.capacity })}
                  </option>
                ))}
              </select>
            </FieldFrame>
            {locationId === "" ? (
              <Field
                spec={{ kind: "text", name: "location", label: t("locationName"), defaultValue: event?.location }}
                idPrefix={id}
                error={errors.location}
              />
            ) : (
              <div />
            )}
            <Field
              spec={{
                kind: "select",
                name: "status",
                label: t("status"),
                defaultValue: event?.status ?? "published",
                options: [
                  { value: "published", label: t("statusPublished") },
                  { value: "draft", label: t("statusDraft") },
                  { value: "archived", label: t("statusArchived") },
                ],
              }}
              idPrefix={id}
              error={errors.status}
            />
            <div className="sm:col-span-2">
              {/* Says the checkbox was on the form: unticked sends nothing, which must still mean false. */}
              <input type="hidden" name="dropInsAllowedShown" value="1" />
              <Field
                spec={{
                  kind: "checkbox",
                  name: "dropInsAllowed",
                  label: t("dropInsAllowed"),
                  defaultChecked: event?.dropInsAllowed ?? false,
                  hint: t("dropInsAllowedHint"),
                }}
                idPrefix={id}
                error={errors.dropInsAllowed}
              />
            </div>
            <fieldset className="sm:col-span-2" aria-describedby={teacherError ? `${id}-teachers-error` : undefined}>
              <legend className="text-sm font-medium text-slate-800">{t("teachers")}</legend>
              {choices.teachers.length === 0 ? (
                <p className="text-sm text-slate-600">{t("nobodyToChoose")}</p>
              ) : (
                <div className="mt-1 flex max-h-40 flex-wrap gap-3 overflow-y-auto rounded-md border border-slate-300 p-2">
                  {choices.teachers.map((teacher) => (
                    <label key={teacher.id} className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        name="teacherIds"
                        value={teacher.id}
                        defaultChecked={event?.teacherIds.includes(teacher.id)}
                      />
                      {teacher.name}
                    </label>
                  ))}
                </div>
              )}
              <FieldError id={`${id}-teachers-error`} error={teacherError} />
            </fieldset>
          </div>
        );
      }}
    </StateForm>
  );
}
