"use client";

import { useTranslations } from "next-intl";
import { useId, useMemo, useState } from "react";
import { Field, FieldFrame, describedBy, inputClass } from "@/components/forms/field";
import { StateForm, FieldError } from "@/components/dashboard/state-form";
import { formatDateTime, weekdayName } from "@/lib/format/dates";
import { createWeeklyClassAction } from "./actions";
import { addYears, MAX_OCCURRENCES, MAX_SPAN_YEARS } from "@/lib/recurrence/expand-series";
import { previewRule } from "./rule-preview";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The rule's weekdays (0 = Sunday), Monday first. */
const WEEKDAYS = ["1", "2", "3", "4", "5", "6", "0"] as const;

type Choices = {
  presets: { name: string; minutes: number }[];
  locations: { id: string; name: string; capacity: number }[];
  /** The location the form starts on (the studio's only or last used); null: a free-text one. */
  defaultLocationId: string | null;
  teachers: { id: string; name: string }[];
};

type Props = { choices: Choices; timezone: string; locale: string; today: string };

/**
 * "Add a weekly class": the class and its weekly times in one form, with the first dates it gives
 * (computed as saving computes them). The end is one clear choice: after a number of times, on a
 * date, or no end (two years, the longest a series may run).
 */
export function WeeklyClassForm({ choices, timezone, locale, today }: Props) {
  const id = useId();
  const t = useTranslations("WeeklyClassForm");
  const [duration, setDuration] = useState("60");
  const [locationId, setLocationId] = useState(choices.defaultLocationId ?? "");
  const [weekdays, setWeekdays] = useState<string[]>([]);
  const [startTime, setStartTime] = useState("18:00");
  const [startsOn, setStartsOn] = useState(today);
  const [ends, setEnds] = useState<"count" | "date" | "none">("none");
  const [count, setCount] = useState("10");
  const [endsOn, setEndsOn] = useState("");
  const preview = useMemo(
    () =>
      previewRule(
        {
          frequency: "weekly",
          interval: "1",
          weekdays,
          monthDay: "",
          localStartTime: startTime,
          durationMinutes: "",
          startsOn,
          ends: "both",
          // "No end" as saving makes it (weekly-class-input.ts): two years, at most 500 times.
          endsOn:
            ends === "date"
              ? endsOn
              : ends === "none" && ISO_DATE.test(startsOn)
                ? addYears(startsOn, MAX_SPAN_YEARS)
                : "",
          count: ends === "count" ? count : ends === "none" ? String(MAX_OCCURRENCES) : "",
          capacity: "",
        },
        { timezone, durationMinutes: Number(duration) || 60 },
        3,
      ),
    [weekdays, startTime, startsOn, ends, endsOn, count, duration, timezone],
  );
  const toggleDay = (day: string) =>
    setWeekdays((current) => (current.includes(day) ? current.filter((d) => d !== day) : [...current, day]));

  return (
    <StateForm
      action={createWeeklyClassAction}
      submitLabel={t("create")}
      pendingLabel={t("creating")}
      className="space-y-6"
    >
      {(state) => {
        const errors = state.fieldErrors ?? {};
        const errorOf = (name: string) =>
          errors[name] ?? Object.entries(errors).find(([key]) => key.startsWith(`${name}.`))?.[1];
        return (
          <>
            <fieldset className="grid gap-4 rounded-lg border border-slate-300 bg-white p-4 sm:grid-cols-2">
              <legend className="px-1 text-lg font-semibold text-slate-900">{t("theClass")}</legend>
              <div className="sm:col-span-2">
                <Field
                  spec={{ kind: "text", name: "title", label: t("title"), required: true, hint: t("titleHint") }}
                  idPrefix={id}
                  error={errorOf("title")}
                />
              </div>
              <FieldFrame id={`${id}-durationMinutes`} label={t("length")} error={errorOf("durationMinutes")}>
                <input
                  id={`${id}-durationMinutes`}
                  name="durationMinutes"
                  type="number"
                  min={1}
                  inputMode="numeric"
                  value={duration}
                  onChange={(e) => setDuration(e.target.value)}
                  className={inputClass}
                  aria-invalid={errorOf("durationMinutes") ? true : undefined}
                  aria-describedby={describedBy(`${id}-durationMinutes`, undefined, errorOf("durationMinutes"))}
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
                spec={{ kind: "number", name: "capacity", label: t("capacity"), min: 1, hint: t("capacityHint") }}
                idPrefix={id}
                error={errorOf("capacity")}
              />
              <FieldFrame id={`${id}-locationId`} label={t("location")} error={errorOf("locationId")}>
                <select
                  id={`${id}-locationId`}
                  name="locationId"
                  value={locationId}
                  onChange={(e) => setLocationId(e.target.value)}
                  className={inputClass}
                >
                  {choices.locations.map((location) => (
                    <option key={location.id} value={location.id}>
                      {t("locationOption", { name: location.name, count: location.capacity })}
                    </option>
                  ))}
                  <option value="">{t("otherLocation")}</option>
                </select>
              </FieldFrame>
              {locationId === "" ? (
                <Field
                  spec={{ kind: "text", name: "location", label: t("locationName"), hint: t("locationNameHint") }}
                  idPrefix={id}
                  error={errorOf("location")}
                />
              ) : (
                <div />
              )}
              <fieldset
                className="sm:col-span-2"
                aria-describedby={errorOf("teacherIds") ? `${id}-teachers-error` : undefined}
              >
                <legend className="text-sm font-medium text-slate-800">{t("teachers")}</legend>
                {choices.teachers.length === 0 ? (
                  <p className="text-sm text-slate-600">{t("nobodyToChoose")}</p>
                ) : (
                  <div className="mt-1 flex flex-wrap gap-3">
                    {choices.teachers.map((teacher) => (
                      <label key={teacher.id} className="flex items-center gap-2 text-sm">
                        <input type="checkbox" name="teacherIds" value={teacher.id} />
                        {teacher.name}
                      </label>
                    ))}
                  </div>
                )}
                <FieldError id={`${id}-teachers-error`} error={errorOf("teacherIds")} />
              </fieldset>
            </fieldset>

            <fieldset className="grid gap-4 rounded-lg border border-slate-300 bg-white p-4 lg:grid-cols-2">
              <legend className="px-1 text-lg font-semibold text-slate-900">{t("weeklyTimes")}</legend>
              <div className="space-y-4">
                <fieldset aria-describedby={errorOf("weekdays") ? `${id}-weekdays-error` : undefined}>
                  <legend className="text-sm font-medium text-slate-800">{t("weekdays")}</legend>
                  <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
                    {WEEKDAYS.map((day) => (
                      <label key={day} className="flex items-center gap-1.5 text-sm">
                        <input
                          type="checkbox"
                          name="weekdays"
                          value={day}
                          checked={weekdays.includes(day)}
                          onChange={() => toggleDay(day)}
                        />
                        {weekdayName(Number(day), locale, "long")}
                      </label>
                    ))}
                  </div>
                  <FieldError id={`${id}-weekdays-error`} error={errorOf("weekdays")} />
                </fieldset>
                <div className="grid gap-4 sm:grid-cols-2">
                  <FieldFrame id={`${id}-localStartTime`} label={t("startTime")} error={errorOf("localStartTime")}>
                    <input
                      id={`${id}-localStartTime`}
                      name="localStartTime"
                      type="time"
                      value={startTime}
                      onChange={(e) => setStartTime(e.target.value)}
                      className={inputClass}
                      aria-invalid={errorOf("localStartTime") ? true : undefined}
                    />
                  </FieldFrame>
                  <FieldFrame id={`${id}-startsOn`} label={t("startsOn")} error={errorOf("startsOn")}>
                    <input
                      id={`${id}-startsOn`}
                      name="startsOn"
                      type="date"
                      value={startsOn}
                      onChange={(e) => setStartsOn(e.target.value)}
                      className={inputClass}
                      aria-invalid={errorOf("startsOn") ? true : undefined}
                    />
                  </FieldFrame>
                </div>
                <fieldset aria-describedby={errorOf("ends") ? `${id}-ends-error` : undefined}>
                  <legend className="text-sm font-medium text-slate-800">{t("ends")}</legend>
                  <div className="mt-1 space-y-2 text-sm">
                    <label className="flex flex-wrap items-center gap-2">
                      <input
                        type="radio"
                        name="ends"
                        value="none"
                        checked={ends === "none"}
                        onChange={() => setEnds("none")}
                      />
                      {t("endsNever")}
                    </label>
                    <div className="flex flex-wrap items-center gap-2">
                      <input
                        id={`${id}-ends-count`}
                        type="radio"
                        name="ends"
                        value="count"
                        checked={ends === "count"}
                        onChange={() => setEnds("count")}
                      />
                      <label htmlFor={`${id}-ends-count`}>{t("endsAfter")}</label>
                      <input
                        name="count"
                        type="number"
                        min={1}
                        max={500}
                        inputMode="numeric"
                        aria-label={t("countLabel")}
                        value={count}
                        onChange={(e) => setCount(e.target.value)}
                        onFocus={() => setEnds("count")}
                        className="w-20 rounded-md border border-slate-400 px-2 py-1 aria-invalid:border-red-700"
                        aria-invalid={errorOf("count") ? true : undefined}
                      />
                      <span>{t("times")}</span>
                    </div>
                    <div className="flex flex-wrap items-center gap-2">
                      <input
                        id={`${id}-ends-date`}
                        type="radio"
                        name="ends"
                        value="date"
                        checked={ends === "date"}
                        onChange={() => setEnds("date")}
                      />
                      <label htmlFor={`${id}-ends-date`}>{t("endsOn")}</label>
                      <input
                        name="endsOn"
                        type="date"
                        aria-label={t("endsOnLabel")}
                        value={endsOn}
                        onChange={(e) => setEndsOn(e.target.value)}
                        onFocus={() => setEnds("date")}
                        className="rounded-md border border-slate-400 px-2 py-1 aria-invalid:border-red-700"
                        aria-invalid={errorOf("endsOn") ? true : undefined}
                      />
                    </div>
                  </div>
                  <FieldError
                    id={`${id}-ends-error`}
                    error={errorOf("ends") ?? errorOf("count") ?? errorOf("endsOn")}
                  />
                </fieldset>
              </div>
              <section aria-label={t("preview")} className="rounded-md border border-slate-200 bg-slate-50 p-3">
                <h3 className="text-sm font-semibold text-slate-900">{t("preview")}</h3>
                <div aria-live="polite" className="mt-1 text-sm text-slate-700">
                  {preview.ok ? (
                    <>
                      <p>{t("previewCount", { count: preview.total })}</p>
                      <ol className="mt-2 space-y-0.5 tabular-nums text-slate-900">
                        {preview.first.map((occurrence) => (
                          <li key={occurrence.startsAt.toISOString()}>
                            {formatDateTime(occurrence.startsAt, { zone: timezone, locale })}
                          </li>
                        ))}
                      </ol>
                    </>
                  ) : (
                    <p>{t("previewWaiting")}</p>
                  )}
                </div>
              </section>
            </fieldset>
          </>
        );
      }}
    </StateForm>
  );
}
