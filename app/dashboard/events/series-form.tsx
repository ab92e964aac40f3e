"use client";

import { useLocale, useTranslations } from "next-intl";
import { useId, useMemo, useState, type ChangeEvent } from "react";
import { FieldFrame, describedBy, inputClass } from "@/components/forms/field";
import { StateForm, FieldError } from "@/components/dashboard/state-form";
import { createSeriesAction, updateSeriesRuleAction } from "./actions";
import { previewRule } from "./rule-preview";
import type { RuleFormValues } from "./rule-values";
import { formatDateTime } from "@/lib/format/dates";
import { detailInWords } from "@/lib/web/field-error-words";

/** The rule's weekdays (0 = Sunday), Monday first. */
const WEEKDAYS = ["1", "2", "3", "4", "5", "6", "0"] as const;

type Props = {
  eventId: string;
  /** Set when editing the rule of an existing series. */
  seriesId?: string;
  initial: RuleFormValues;
  timezone: string;
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
  // Short weekday names in the account's locale, like the dates (4 January 2026 is a Sunday).
  const dayName = useMemo(() => {
    const format = new Intl.DateTimeFormat(props.locale, { weekday: "short", timeZone: "UTC" });
    return (day: string) => format.format(new Date(Date.UTC(2026, 0, 4 + Number(day))));
  }, [props.locale]);
  const set = (name: keyof RuleFormValues) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));
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
    >
      {(state) => {
        const errors = state.fieldErrors ?? {};
        const errorOf = (name: string) =>
          errors[name] ?? Object.entries(errors).find(([key]) => key.startsWith(`${name}.`))?.[1];
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
                        {dayName(day)}
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
              {input("localStartTime", t("startTime", { zone: props.timezone }), "time")}
              {input(
                "durationMinutes",
                t("length"),
                "number",
                t("lengthHint", { minutes: props.eventDurationMinutes }),
                { min: 1 },
              )}
              {input("startsOn", t("startsOn"), "date")}
              {input("endsOn", t("endsOn"), "date", t("endsOnHint"))}
              {input("count", t("count"), "number", t("countHint"), { min: 1, max: 500 })}
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
