"use client";

import { useTranslations } from "next-intl";
import { Field } from "@/components/forms/field";
import { FieldError } from "@/components/dashboard/state-form";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/lib/webhooks/webhook-events";
import { useWebhookEventWords } from "./webhook-event-words";

export type WebhookValues = { url: string; events: readonly string[]; description: string | null };

/** The URL, the event checkboxes (each with what sends it) and the description, with their field errors. */
export function WebhookFields({
  idPrefix,
  errors = {},
  values,
}: {
  idPrefix: string;
  errors?: Record<string, string>;
  values?: WebhookValues;
}) {
  const t = useTranslations("WebhookForm");
  return (
    <>
      <Field
        spec={{
          kind: "url",
          name: "url",
          label: t("url"),
          hint: t("urlHint"),
          required: true,
          defaultValue: values?.url,
        }}
        idPrefix={idPrefix}
        error={errors.url}
      />
      <EventCheckboxes idPrefix={idPrefix} error={errors.events} checked={values?.events ?? []} />
      <Field
        spec={{
          kind: "textarea",
          name: "description",
          label: t("description"),
          hint: t("descriptionHint"),
          rows: 2,
          defaultValue: values?.description,
        }}
        idPrefix={idPrefix}
        error={errors.description}
      />
    </>
  );
}

function EventCheckboxes({
  idPrefix,
  error,
  checked,
}: {
  idPrefix: string;
  error?: string;
  checked: readonly string[];
}) {
  const t = useTranslations("WebhookForm");
  const words = useWebhookEventWords();
  const errorId = `${idPrefix}-events-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-slate-800">{t("events")}</legend>
      <ul className="mt-1 grid gap-2 sm:grid-cols-2">
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <li key={type}>
            <EventCheckbox
              id={`${idPrefix}-event-${type}`}
              type={type}
              words={words[type]}
              checked={checked.includes(type)}
            />
          </li>
        ))}
      </ul>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}

function EventCheckbox({
  id,
  type,
  words,
  checked,
}: {
  id: string;
  type: WebhookEventType;
  words: { label: string; explanation: string };
  checked: boolean;
}) {
  return (
    <label
      htmlFor={id}
      className="flex h-full min-h-11 cursor-pointer gap-3 rounded-md border border-slate-300 bg-white p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
    >
      <input
        id={id}
        type="checkbox"
        name="events"
        value={type}
        defaultChecked={checked}
        className="mt-0.5 size-4 shrink-0"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
      />
      <span className="min-w-0">
        <span id={`${id}-label`} className="block text-sm font-medium text-slate-900">
          {words.label}
        </span>
        <span className="block font-mono text-xs text-slate-600">{type}</span>
        <span id={`${id}-hint`} className="mt-1 block text-xs text-slate-700">
          {words.explanation}
        </span>
      </span>
    </label>
  );
}
