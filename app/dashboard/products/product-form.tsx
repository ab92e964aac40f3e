"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, useTransition, type FormEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import { Field, inputClass, type FieldSpec } from "@/components/forms/field";
import { IDLE, type FormAction, type FormState } from "@/lib/web/form-state";
import { GiftCardFields } from "./gift-card-fields";

export type PriceRowValues = {
  id?: string;
  amount: string;
  currency: string;
  interval: string;
  intervalCount: string;
  /** Monthly instalments of a course's price (2–12); blank = paid at once. */
  instalments: string;
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
  /** The course's event (a workshop, teacher training or custom product), "" for none. */
  courseEventId: string;
  /** When enrolment closes, a datetime-local value in the studio's timezone; "" for the first class's start. */
  enrolUntil: string;
  newcomersOnly: boolean;
  /** "25" (the studio's VAT rate) or "0" (VAT-exempt teaching). */
  vatRate: string;
  prices: PriceRowValues[];
  /** A gift card's months of validity (12–36), "" for the default 36. */
  validityMonths: string;
  /** A gift card lets the buyer choose an amount within `customAmountMin`–`customAmountMax` (major units). */
  customAmount: boolean;
  customAmountMin: string;
  customAmountMax: string;
  /** A gift card's look: "logo" or "colour". */
  giftCardDesign: string;
};

/** The studio as its gift cards show it (the card's live preview). */
export type GiftCardStudio = { name: string; logoUrl: string | null; accentColor: string | null; locale: string };

/** The kinds that can be a course (COURSE_PRODUCT_TYPES of lib/schemas/product.ts), whose prices may be paid in instalments. */
const COURSE_TYPES = new Set(["workshop", "teacher_training", "custom"]);

/** The product editor: fields that depend on the type appear for that type; prices can be added and removed. */
export function ProductForm({
  action,
  values,
  events,
  studioVatRate,
  submitLabel,
  studio,
}: {
  action: FormAction;
  values: ProductFormValues;
  events: { id: string; title: string }[];
  /** The studio, for a gift card's live preview. */
  studio: GiftCardStudio;
  /** The studio's VAT rate in percent (its legal details), what "with VAT" means; null: none set yet. */
  studioVatRate: number | null;
  /** Editing: one save button beside the status field. Omitted for a new product, which offers
   * "Put on sale" beside "Save as draft" instead of the status field. */
  submitLabel?: string;
}) {
  const t = useTranslations("ProductForm");
  const tGift = useTranslations("GiftCardProductForm");
  const TYPES = [
    { value: "drop_in", label: t("typeDropIn") },
    { value: "class_pass", label: t("typeClassPass") },
    { value: "subscription", label: t("typeSubscription") },
    { value: "workshop", label: t("typeWorkshop") },
    { value: "teacher_training", label: t("typeTeacherTraining") },
    { value: "custom", label: t("typeCustom") },
    { value: "gift_card", label: tGift("typeGiftCard") },
  ];
  const STATUSES = [
    { value: "draft", label: t("statusDraft") },
    { value: "active", label: t("statusActive") },
    { value: "archived", label: t("statusArchived") },
  ];
  const INTERVALS = [
    { value: "week", label: t("week") },
    { value: "month", label: t("month") },
    { value: "year", label: t("year") },
  ];
  const idPrefix = useId();
  const nextKey = useRef(values.prices.length);
  const [type, setType] = useState(values.type);
  const [rows, setRows] = useState(values.prices.map((price, index) => ({ key: index, price })));
  const giftCard = type === "gift_card";
  // The first amount typed, for the gift card's live preview.
  const [firstAmount, setFirstAmount] = useState(values.prices[0]?.amount ?? "");
  const [state, setState] = useState<FormState>(IDLE);
  const [pending, startTransition] = useTransition();
  // Saved: the page is on its way to the list; a second click must not create the product again.
  const [saved, setSaved] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // After a failed save, take keyboard and screen-reader users to the first field to correct.
  useEffect(() => {
    if (state.fieldErrors) formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [state]);
  const errors = state.fieldErrors ?? {};

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The pressed button's name and value ("Put on sale": status active) go with the form.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const formData = new FormData(event.currentTarget, submitter);
    startTransition(async () => {
      try {
        const result = await action(formData);
        setState(result ?? IDLE);
        if (result === undefined || result.ok) setSaved(true);
      } catch {
        setState({ ok: false, error: t("requestFailed") });
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
      instalments: "",
      minAge: "",
      maxAge: "",
    };
    setRows([...rows, { key: nextKey.current++, price }]);
  }

  const field = (spec: FieldSpec) => (
    <Field key={spec.name} spec={spec} idPrefix={idPrefix} error={errors[spec.name]} />
  );

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      onChange={(event) => {
        const input = event.target;
        if (input instanceof HTMLInputElement && input.name === "prices.0.amount") setFirstAmount(input.value);
      }}
      noValidate
      className="space-y-6"
      aria-busy={pending}
    >
      {values.productId ? <input type="hidden" name="productId" value={values.productId} /> : null}
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold text-slate-900">{t("product")}</legend>
        <div>
          <label htmlFor={`${idPrefix}-type`} className="block text-sm font-medium text-slate-800">
            {t("type")}
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
        {field({ kind: "text", name: "name", label: t("name"), defaultValue: values.name, required: true })}
        {field({ kind: "textarea", name: "description", label: t("description"), defaultValue: values.description })}
        {submitLabel
          ? field({
              kind: "select",
              name: "status",
              label: t("status"),
              options: STATUSES,
              defaultValue: values.status,
            })
          : null}
        {type === "class_pass"
          ? field({
              kind: "number",
              name: "classAllowance",
              label: t("classesIncluded"),
              defaultValue: values.classAllowance,
              min: 1,
            })
          : null}
        {giftCard ? (
          <GiftCardFields
            values={values}
            errors={errors}
            idPrefix={idPrefix}
            studio={studio}
            previewAmount={firstAmount}
            currency={rows[0]?.price.currency ?? values.prices[0]?.currency ?? "DKK"}
          />
        ) : null}
        {type !== "subscription" && !giftCard
          ? field({
              kind: "number",
              name: "validityDays",
              label: t("validityDays"),
              defaultValue: values.validityDays,
              min: 1,
              hint: t("validityDaysHint"),
            })
          : null}
        {COURSE_TYPES.has(type) ? (
          <div className="space-y-4 rounded-lg border border-slate-300 p-4">
            {field({
              kind: "select",
              name: "courseEventId",
              label: t("courseEvent"),
              options: [
                { value: "", label: t("courseEventNone") },
                ...events.map((event) => ({ value: event.id, label: event.title })),
              ],
              defaultValue: values.courseEventId,
              hint: t("courseEventHint"),
            })}
            <div>
              <label htmlFor={`${idPrefix}-enrolUntil`} className="block text-sm font-medium text-slate-800">
                {t("enrolUntil")}
              </label>
              <p id={`${idPrefix}-enrolUntil-hint`} className="text-sm text-slate-600">
                {t("enrolUntilHint")}
              </p>
              <input
                id={`${idPrefix}-enrolUntil`}
                type="datetime-local"
                name="enrolUntil"
                defaultValue={values.enrolUntil}
                aria-describedby={`${idPrefix}-enrolUntil-hint${errors.enrolUntil ? ` ${idPrefix}-enrolUntil-error` : ""}`}
                aria-invalid={errors.enrolUntil ? true : undefined}
                className={inputClass}
              />
              {errors.enrolUntil ? (
                <p id={`${idPrefix}-enrolUntil-error`} className="mt-1 text-sm text-red-700">
                  {errors.enrolUntil}
                </p>
              ) : null}
            </div>
          </div>
        ) : null}
        {field({
          kind: "number",
          name: "purchaseLimitPerUser",
          label: t("purchaseLimit"),
          defaultValue: values.purchaseLimitPerUser,
          min: 1,
          hint: t("purchaseLimitHint"),
        })}
        {giftCard
          ? null
          : field({
              kind: "checkbox",
              name: "newcomersOnly",
              label: t("newcomersOnly"),
              defaultChecked: values.newcomersOnly,
              hint: t("newcomersOnlyHint"),
            })}
        {giftCard ? (
          <p className="text-sm text-slate-700">{tGift("noVat")}</p>
        ) : (
          field({
            kind: "select",
            name: "vatRate",
            label: t("vatRate"),
            options: [
              {
                value: "25",
                label:
                  studioVatRate === null ? t("vatRateStandardUnset") : t("vatRateStandard", { rate: studioVatRate }),
              },
              { value: "0", label: t("vatRateExempt") },
            ],
            defaultValue: values.vatRate,
            hint: t("vatRateHint"),
          })
        )}
        {studioVatRate === null && !giftCard ? (
          <p className="text-sm text-amber-800" data-testid="vat-rate-missing">
            {t.rich("vatRateMissing", {
              link: (chunks) => (
                <Link href="/dashboard/settings/payments#vat-details" className="text-brand-700 underline">
                  {chunks}
                </Link>
              ),
            })}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold text-slate-900">{giftCard ? tGift("amounts") : t("prices")}</legend>
        {giftCard ? <p className="text-sm text-slate-600">{tGift("amountsHint")}</p> : null}
        {errors.prices ? <p className="text-sm text-red-700">{errors.prices}</p> : null}
        <ol className="space-y-4">
          {rows.map((row, index) => {
            const name = (field: string) => `prices.${index}.${field}`;
            return (
              <li key={row.key} className="rounded-lg border border-slate-300 p-4">
                <fieldset className="grid gap-3 sm:grid-cols-2">
                  <legend className="mb-2 font-medium text-slate-900">{t("price", { number: index + 1 })}</legend>
                  {row.price.id ? <input type="hidden" name={name("id")} value={row.price.id} /> : null}
                  {field({
                    kind: "text",
                    name: name("amount"),
                    label: t("amount"),
                    defaultValue: row.price.amount,
                    required: true,
                    hint: t("amountHint"),
                  })}
                  {field({
                    kind: "text",
                    name: name("currency"),
                    label: t("currency"),
                    defaultValue: row.price.currency,
                    hint: t("currencyHint"),
                  })}
                  {type === "subscription" ? (
                    <>
                      {field({
                        kind: "select",
                        name: name("interval"),
                        label: t("billedEvery"),
                        options: INTERVALS,
                        defaultValue: row.price.interval || "month",
                      })}
                      {field({
                        kind: "number",
                        name: name("intervalCount"),
                        label: t("intervalCount"),
                        defaultValue: row.price.intervalCount,
                        min: 1,
                        hint: t("intervalCountHint"),
                      })}
                    </>
                  ) : null}
                  {COURSE_TYPES.has(type)
                    ? field({
                        kind: "number",
                        name: name("instalments"),
                        label: t("instalments"),
                        defaultValue: row.price.instalments,
                        min: 2,
                        max: 12,
                        hint: t("instalmentsHint"),
                      })
                    : null}
                  {giftCard ? null : (
                    <>
                      {field({
                        kind: "number",
                        name: name("minAge"),
                        label: t("minAge"),
                        defaultValue: row.price.minAge,
                        min: 0,
                        hint: t("ageHint"),
                      })}
                      {field({
                        kind: "number",
                        name: name("maxAge"),
                        label: t("maxAge"),
                        defaultValue: row.price.maxAge,
                        min: 0,
                        hint: t("ageHint"),
                      })}
                    </>
                  )}
                </fieldset>
                <button
                  type="button"
                  className={buttonClass("danger", "form", "mt-3")}
                  disabled={rows.length === 1 && !giftCard}
                  onClick={() => setRows(rows.filter((other) => other.key !== row.key))}
                >
                  {t("removePrice", { number: index + 1 })}
                </button>
              </li>
            );
          })}
        </ol>
        <button type="button" className={buttonClass("secondary", "form")} onClick={addRow}>
          {t("addPrice")}
        </button>
      </fieldset>

      <fieldset className={giftCard ? "hidden" : "space-y-2"} disabled={giftCard}>
        <legend className="text-lg font-semibold text-slate-900">{t("eligibleEvents")}</legend>
        <p className="text-sm text-slate-600">{t("eligibleEventsHint")}</p>
        {errors.eligibleEventIds ? <p className="text-sm text-red-700">{errors.eligibleEventIds}</p> : null}
        {events.length === 0 ? <p className="text-sm text-slate-600">{t("noEvents")}</p> : null}
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
        {submitLabel ? (
          <button type="submit" className={buttonClass("primary", "form")} disabled={pending || saved}>
            {pending ? t("saving") : submitLabel}
          </button>
        ) : (
          <>
            <button
              type="submit"
              name="status"
              value="active"
              className={buttonClass("primary", "form")}
              disabled={pending || saved}
            >
              {pending ? t("saving") : t("putOnSale")}
            </button>
            <button
              type="submit"
              name="status"
              value="draft"
              className={buttonClass("secondary", "form")}
              disabled={pending || saved}
            >
              {t("saveAsDraft")}
            </button>
          </>
        )}
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
