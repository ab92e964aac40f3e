"use client";

import { useEffect, useId, useRef, useState, useTransition, type FormEvent } from "react";
import { buttonClass } from "@/components/forms/action-form";
import { Field, type FieldSpec } from "@/components/forms/field";
import { IDLE, type FormAction, type FormState } from "@/lib/web/form-state";

export type PriceRowValues = {
  id?: string;
  amount: string;
  currency: string;
  interval: string;
  intervalCount: string;
  minAge: string;
  maxAge: string;
};

export type ProductFormValues = {
  productId?: string;
  type: string;
  name: string;
  description: string;
  status: string;
  classAllowance: string;
  validityDays: string;
  purchaseLimitPerUser: string;
  eligibleEventIds: string[];
  prices: PriceRowValues[];
};

const TYPES = [
  { value: "drop_in", label: "Drop-in (one class)" },
  { value: "class_pass", label: "Class pass (a number of classes)" },
  { value: "subscription", label: "Subscription (unlimited per period)" },
  { value: "workshop", label: "Workshop" },
  { value: "teacher_training", label: "Teacher training" },
  { value: "custom", label: "Custom" },
];
const STATUSES = [
  { value: "draft", label: "Draft (not for sale)" },
  { value: "active", label: "Active (for sale)" },
  { value: "archived", label: "Archived" },
];
const INTERVALS = [
  { value: "week", label: "Week" },
  { value: "month", label: "Month" },
  { value: "year", label: "Year" },
];

/** The product editor: fields that depend on the type appear for that type; prices can be added and removed. */
export function ProductForm({
  action,
  values,
  events,
  submitLabel,
}: {
  action: FormAction;
  values: ProductFormValues;
  events: { id: string; title: string }[];
  submitLabel: string;
}) {
  const idPrefix = useId();
  const nextKey = useRef(values.prices.length);
  const [type, setType] = useState(values.type);
  const [rows, setRows] = useState(values.prices.map((price, index) => ({ key: index, price })));
  const [state, setState] = useState<FormState>(IDLE);
  const [pending, startTransition] = useTransition();
  const formRef = useRef<HTMLFormElement>(null);
  // After a failed save, take keyboard and screen-reader users to the first field to correct.
  useEffect(() => {
    if (state.fieldErrors) formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [state]);
  const errors = state.fieldErrors ?? {};

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    startTransition(async () => {
      try {
        setState((await action(formData)) ?? IDLE);
      } catch {
        setState({ ok: false, error: "The request failed. Check your connection and try again." });
      }
    });
  }

  function addRow() {
    const currency = rows.at(-1)?.price.currency ?? "DKK";
    const price = {
      amount: "",
      currency,
      interval: type === "subscription" ? "month" : "",
      intervalCount: "",
      minAge: "",
      maxAge: "",
    };
    setRows([...rows, { key: nextKey.current++, price }]);
  }

  const field = (spec: FieldSpec) => (
    <Field key={spec.name} spec={spec} idPrefix={idPrefix} error={errors[spec.name]} />
  );

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-6" aria-busy={pending}>
      {values.productId ? <input type="hidden" name="productId" value={values.productId} /> : null}
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold text-slate-900">Product</legend>
        <div>
          <label htmlFor={`${idPrefix}-type`} className="block text-sm font-medium text-slate-800">
            Type
          </label>
          <select
            id={`${idPrefix}-type`}
            name="type"
            value={type}
            onChange={(event) => setType(event.target.value)}
            className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2"
          >
            {TYPES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {errors.type ? <p className="mt-1 text-sm text-red-700">{errors.type}</p> : null}
        </div>
        {field({ kind: "text", name: "name", label: "Name", defaultValue: values.name, required: true })}
        {field({ kind: "textarea", name: "description", label: "Description", defaultValue: values.description })}
        {field({ kind: "select", name: "status", label: "Status", options: STATUSES, defaultValue: values.status })}
        {type === "class_pass"
          ? field({
              kind: "number",
              name: "classAllowance",
              label: "Classes included",
              defaultValue: values.classAllowance,
              min: 1,
            })
          : null}
        {type !== "subscription"
          ? field({
              kind: "number",
              name: "validityDays",
              label: "Valid for (days)",
              defaultValue: values.validityDays,
              min: 1,
              hint: "Counted from the purchase. Leave blank for no end.",
            })
          : null}
        {field({
          kind: "number",
          name: "purchaseLimitPerUser",
          label: "Purchase limit per person",
          defaultValue: values.purchaseLimitPerUser,
          min: 1,
          hint: "Leave blank for no limit. Desk grants count too.",
        })}
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold text-slate-900">Prices</legend>
        {errors.prices ? <p className="text-sm text-red-700">{errors.prices}</p> : null}
        <ol className="space-y-4">
          {rows.map((row, index) => {
            const name = (field: string) => `prices.${index}.${field}`;
            return (
              <li key={row.key} className="rounded-lg border border-slate-300 p-4">
                <fieldset className="grid gap-3 sm:grid-cols-2">
                  <legend className="mb-2 font-medium text-slate-900">Price {index + 1}</legend>
                  {row.price.id ? <input type="hidden" name={name("id")} value={row.price.id} /> : null}
                  {field({
                    kind: "text",
                    name: name("amount"),
                    label: "Amount",
                    defaultValue: row.price.amount,
                    required: true,
                    hint: "For example 120 or 120.50",
                  })}
                  {field({
                    kind: "text",
                    name: name("currency"),
                    label: "Currency",
                    defaultValue: row.price.currency,
                    hint: "Three-letter code, e.g. DKK",
                  })}
                  {type === "subscription" ? (
                    <>
                      {field({
                        kind: "select",
                        name: name("interval"),
                        label: "Billed every",
                        options: INTERVALS,
                        defaultValue: row.price.interval || "month",
                      })}
                      {field({
                        kind: "number",
                        name: name("intervalCount"),
                        label: "Number of periods per charge",
                        defaultValue: row.price.intervalCount,
                        min: 1,
                        hint: "Blank = 1",
                      })}
                    </>
                  ) : null}
                  {field({
                    kind: "number",
                    name: name("minAge"),
                    label: "Minimum age",
                    defaultValue: row.price.minAge,
                    min: 0,
                    hint: "Optional, in years",
                  })}
                  {field({
                    kind: "number",
                    name: name("maxAge"),
                    label: "Maximum age",
                    defaultValue: row.price.maxAge,
                    min: 0,
                    hint: "Optional, in years",
                  })}
                </fieldset>
                <button
                  type="button"
                  className={`${buttonClass.danger} mt-3`}
                  disabled={rows.length === 1}
                  onClick={() => setRows(rows.filter((other) => other.key !== row.key))}
                >
                  Remove price {index + 1}
                </button>
              </li>
            );
          })}
        </ol>
        <button type="button" className={buttonClass.secondary} onClick={addRow}>
          Add a price
        </button>
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="text-lg font-semibold text-slate-900">Eligible events</legend>
        <p className="text-sm text-slate-600">Tick none to make the product valid for every event.</p>
        {errors.eligibleEventIds ? <p className="text-sm text-red-700">{errors.eligibleEventIds}</p> : null}
        {events.length === 0 ? <p className="text-sm text-slate-600">No events yet.</p> : null}
        <ul className="grid gap-1 sm:grid-cols-2">
          {events.map((event) => (
            <li key={event.id} className="flex items-center gap-2">
              <input
                id={`${idPrefix}-event-${event.id}`}
                type="checkbox"
                name="eligibleEventIds"
                value={event.id}
                defaultChecked={values.eligibleEventIds.includes(event.id)}
                className="size-4"
              />
              <label htmlFor={`${idPrefix}-event-${event.id}`} className="text-sm text-slate-800">
                {event.title}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass.primary} disabled={pending}>
          {pending ? "Saving…" : submitLabel}
        </button>
        <div aria-live="polite">
          {state.error ? (
            <p role="alert" className="text-sm text-red-700">
              {state.error}
            </p>
          ) : state.ok && state.message ? (
            <p className="text-sm text-brand-700">{state.message}</p>
          ) : null}
        </div>
      </div>
    </form>
  );
}
