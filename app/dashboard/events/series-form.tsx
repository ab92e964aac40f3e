"use client";

import { useLocale, useTranslations } from "next-intl";
import { useId, useMemo, useState, type ChangeEvent } from "react";
import { FieldFrame, describedBy, inputClass } from "@/components/forms/field";
import { StateForm, FieldError } from "@/components/dashboard/state-form";
import { createSeriesAction, updateSeriesRuleAction } from "./actions";
import { previewRule } from "./rule-preview";
import type { RuleFormValues, SeriesEnd } from "./rule-values";
import { formatDateTime, weekdayName } from "@/lib/format/dates";
import { zoneName } from "@/lib/format/timezones";
import { detailInWords } from "@/lib/web/field-error-words";

/** The rule's weekdays (0 = Sunday), Monday first. */
const WEEKDAYS = ["1", "2", "3", "4", "5", "6", "0"] as const;

type Props = {
  eventId: string;
  /** Set when editing the rule of an existing series. */
  seriesId?: string;
  initial: RuleFormValues;
  timezone: string;
  /** The page's format locale (lib/i18n/format-locale). */
  locale: string;
  eventDurationMinutes: number;
};

/**
 * Add a series or edit its rule, with a live preview: the form's rule is validated with the API's
 * series schema and expanded by the recurrence engine in the browser, so the dates shown (studio
 * time) and the cap errors are the ones saving would give.
 */
export function SeriesForm(props: Props) {
  const id = useId();
  const t = useTranslations("SeriesForm");
  const fieldErrorWords = useTranslations("FieldErrors");
  const locale = useLocale();
  const [values, setValues] = useState<RuleFormValues>(props.initial);
  const preview = useMemo(
    () => previewRule(values, { timezone: props.timezone, durationMinutes: props.eventDurationMinutes }),
    [values, props.timezone, props.eventDurationMinutes],
  );
  const set = (name: keyof RuleFormValues) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));
  const setEnds = (ends: SeriesEnd) => setValues((current) => ({ ...current, ends }));
  // "Whichever comes first" is offered only to a series that already has both bounds (set through the API).
  const offersBoth = props.initial.ends === "both";
  const toggleDay = (day: string) =>
    setValues((current) => ({
      ...current,
      weekdays: current.weekdays.includes(day) ? current.weekdays.filter((d) => d !== day) : [...current.weekdays, day],
    }));

  return (
    <StateForm
      action={props.seriesId ? updateSeriesRuleAction : createSeriesAction}
      hidden={props.seriesId ? { seriesId: props.seriesId, eventId: props.eventId } : { eventId: props.eventId }}
      submitLabel={props.seriesId ? t("saveRule") : t("addSeries")}
      pendingLabel={t("saving")}
      resetOnSuccess={!props.seriesId}
      onSuccess={() => {
        if (!props.seriesId) setValues(props.initial);
      }}
    >
      {(state) => {
        const errors = state.fieldErrors ?? {};
        const errorOf = (name: string) =>
          errors[name] ?? Object.entries(errors).find(([key]) => key.startsWith(`${name}.`))?.[1];
        const endsError = errorOf("endsOn") ?? errorOf("count");
        const input = (
          name: keyof RuleFormValues,
          label: string,
          type: string,
          hint?: string,
          extra: Record<string, unknown> = {},
        ) => {
          const fieldId = `${id}-${name}`;
          const error = errorOf(name);
          return (
            <FieldFrame id={fieldId} label={label} hint={hint} error={error}>
              <input
                id={fieldId}
                name={name}
                type={type}
                value={values[name] as string}
                onChange={set(name)}
                className={inputClass}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy(fieldId, hint, error)}
                {...extra}
              />
            </FieldFrame>
          );
        };
        return (
          <div className="grid gap-4 lg:grid-cols-2">
            <div className="grid gap-3 sm:grid-cols-2">
              <FieldFrame id={`${id}-frequency`} label={t("repeats")} error={errorOf("frequency")}>
                <select
                  id={`${id}-frequency`}
                  name="frequency"
                  value={values.frequency}
                  onChange={set("frequency")}
                  className={inputClass}
                >
                  <option value="weekly">{t("weekly")}</option>
                  <option value="daily">{t("daily")}</option>
                  <option value="monthly">{t("monthly")}</option>
                </select>
              </FieldFrame>
              {input("interval", t("interval"), "number", undefined, {
                min: 1,
                max: 52,
                inputMode: "numeric",
              })}
              {values.frequency === "weekly" ? (
                <fieldset
                  className="sm:col-span-2"
                  aria-describedby={errorOf("weekdays") ? `${id}-weekdays-error` : `${id}-weekdays-hint`}
                >
                  <legend className="text-sm font-medium text-slate-800">{t("on")}</legend>
                  <div className="mt-1 flex flex-wrap gap-3">
                    {WEEKDAYS.map((day) => (
                      <label key={day} className="flex items-center gap-1 text-sm">
                        <input
                          type="checkbox"
                          name="weekdays"
                          value={day}
                          checked={values.weekdays.includes(day)}
                          onChange={() => toggleDay(day)}
                        />
                        {weekdayName(Number(day), props.locale)}
                      </label>
                    ))}
                  </div>
                  <p id={`${id}-weekdays-hint`} className="mt-1 text-xs text-slate-600">
                    {t("weekdaysHint")}
                  </p>
                  <FieldError id={`${id}-weekdays-error`} error={errorOf("weekdays")} />
                </fieldset>
              ) : null}
              {values.frequency === "monthly"
                ? input("monthDay", t("monthDay"), "number", t("monthDayHint"), { min: 1, max: 31 })
                : null}
              {input("localStartTime", t("startTime", { zone: zoneName(props.timezone, props.locale) }), "time")}
              {input(
                "durationMinutes",
                t("length"),
                "number",
                t("lengthHint", { minutes: props.eventDurationMinutes }),
                { min: 1 },
              )}
              {input("startsOn", t("startsOn"), "date")}
              <fieldset
                className="sm:col-span-2"
                aria-describedby={`${id}-ends-hint${endsError ? ` ${id}-ends-error` : ""}`}
              >
                <legend className="text-sm font-medium text-slate-800">{t("ends")}</legend>
                <div className="mt-1 space-y-2 text-sm">
                  <div className="flex flex-wrap items-center gap-2">
                    <input
                      id={`${id}-ends-date`}
                      type="radio"
                      name="ends"
                      value="date"
                      checked={values.ends === "date"}
                      onChange={() => setEnds("date")}
                    />
                    <label htmlFor={`${id}-ends-date`}>{t("endsOn")}</label>
                    <input
                      name="endsOn"
                      type="date"
                      aria-label={t("endsOnLabel")}
                      value={values.endsOn}
                      onChange={set("endsOn")}
                      onFocus={() => values.ends === "count" && setEnds("date")}
                      className="rounded-md border border-slate-400 px-2 py-1 aria-invalid:border-red-700"
                      aria-invalid={errorOf("endsOn") ? true : undefined}
                    />
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <input
                      id={`${id}-ends-count`}
                      type="radio"
                      name="ends"
                      value="count"
                      checked={values.ends === "count"}
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
                      value={values.count}
                      onChange={set("count")}
                      onFocus={() => values.ends === "date" && setEnds("count")}
                      className="w-20 rounded-md border border-slate-400 px-2 py-1 aria-invalid:border-red-700"
                      aria-invalid={errorOf("count") ? true : undefined}
                    />
                    <span>{t("times")}</span>
                  </div>
                  {offersBoth ? (
                    <label className="flex flex-wrap items-center gap-2">
                      <input
                        type="radio"
                        name="ends"
                        value="both"
                        checked={values.ends === "both"}
                        onChange={() => setEnds("both")}
                      />
                      {t("endsBoth")}
                    </label>
                  ) : null}
                </div>
                <p id={`${id}-ends-hint`} className="mt-1 text-xs text-slate-600">
                  {t("endsHint")}
                </p>
                <FieldError id={`${id}-ends-error`} error={endsError} />
              </fieldset>
              {input("capacity", t("capacity"), "number", t("capacityHint"), { min: 1 })}
            </div>
            <section aria-label={t("preview")} className="rounded-md border border-slate-300 bg-slate-50 p-3">
              <h4 className="text-sm font-semibold text-slate-900">{t("preview")}</h4>
              <div aria-live="polite">
                {preview.ok ? (
                  <>
                    <p className="mt-1 text-sm text-slate-700">
                      {preview.total > preview.first.length
                        ? t("previewFirst", { count: preview.total, shown: preview.first.length })
                        : t("previewAll", { count: preview.total })}
                    </p>
                    <ol className="mt-2 space-y-0.5 text-sm tabular-nums text-slate-900">
                      {preview.first.map((occurrence) => (
                        <li key={occurrence.startsAt.toISOString()}>
                          {formatDateTime(occurrence.startsAt, { zone: props.timezone, locale: props.locale })}
                        </li>
                      ))}
                    </ol>
                    {props.seriesId ? <p className="mt-2 text-xs text-slate-600">{t("regenerates")}</p> : null}
                  </>
                ) : (
                  <ul className="mt-1 space-y-1 text-sm text-red-700">
                    {preview.errors.map((error) => (
                      <li key={error.path + error.code}>{detailInWords(error, fieldErrorWords, locale)}</li>
                    ))}
                  </ul>
                )}
              </div>
            </section>
          </div>
        );
      }}
    </StateForm>
  );
}
