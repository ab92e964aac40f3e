"use client";

import { useId } from "react";
import { buttonClass } from "@/components/ui/button";
import { useOnceSecretForm } from "@/components/forms/use-once-secret-form";
import { Field, inputClass } from "@/components/forms/field";
import { focusOnReveal } from "@/components/forms/focus-on-reveal";
import { CopyButton } from "@/components/ui/copy-button";
import type { CreatedApiKeyState } from "./actions";

export type CreateApiKeyWords = {
  name: string;
  nameHint: string;
  create: string;
  creating: string;
  failed: string;
  secretLabel: string;
  secretWarning: string;
  copy: string;
  copied: string;
  copyFailed: string;
};

/**
 * Creates a key and shows its secret this once, with a copy button: the secret lives only in this
 * component's state, so leaving or reloading the page loses it for good (the warning says so).
 */
export function CreateApiKeyForm({
  action,
  words,
}: {
  action: (formData: FormData) => Promise<CreatedApiKeyState>;
  words: CreateApiKeyWords;
}) {
  const { state, pending, onSubmit } = useOnceSecretForm<CreatedApiKeyState>(action, words.failed);
  const idPrefix = useId();

  return (
    <div className="max-w-xl space-y-4">
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={pending}>
        <Field
          spec={{ kind: "text", name: "name", label: words.name, hint: words.nameHint, required: true }}
          idPrefix={idPrefix}
          error={state.fieldErrors?.name}
        />
        <button type="submit" className={buttonClass("primary", "form")} disabled={pending}>
          {pending ? words.creating : words.create}
        </button>
        <div aria-live="polite" className="empty:hidden">
          {state.error ? (
            <p role="alert" className="text-sm text-red-700">
              {state.error}
            </p>
          ) : state.ok && state.message ? (
            <p className="text-sm text-brand-700">{state.message}</p>
          ) : null}
        </div>
      </form>
      {state.ok && state.secret ? (
        <div key={state.secret} className="space-y-2 rounded-md border border-amber-400 bg-amber-50 p-4">
          <label htmlFor={`${idPrefix}-secret`} className="block text-sm font-medium text-slate-900">
            {words.secretLabel}
          </label>
          <div className="flex flex-wrap items-center gap-2">
            <input
              id={`${idPrefix}-secret`}
              ref={focusOnReveal}
              readOnly
              value={state.secret}
              onFocus={(event) => event.currentTarget.select()}
              className={`${inputClass} mt-0 min-w-0 flex-1 font-mono text-sm`}
              aria-describedby={`${idPrefix}-secret-warning`}
            />
            <CopyButton
              text={state.secret}
              label={words.copy}
              copiedLabel={words.copied}
              failedLabel={words.copyFailed}
            />
          </div>
          <p id={`${idPrefix}-secret-warning`} className="text-sm font-medium text-amber-900">
            {words.secretWarning}
          </p>
        </div>
      ) : null}
    </div>
  );
}
