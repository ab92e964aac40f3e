"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, useTransition, type FormEvent, type ReactNode } from "react";
import { buttonClass, type ButtonVariant } from "@/components/ui/button";
import { Field, type FieldSpec } from "./field";
import { IDLE, type FormAction, type FormState } from "@/lib/web/form-state";
import { useHydrated } from "./use-hydrated";

// Every button at least 44 px tall (size "form"): the desk and the teacher at the door use them with a thumb.
export type ActionFormProps = {
  action: FormAction;
  fields?: FieldSpec[];
  hidden?: Record<string, string>;
  submitLabel: string;
  pendingLabel?: string;
  variant?: ButtonVariant;
  /**
   * Asked with window.confirm before the action runs; a function decides from what was entered
   * (undefined: nothing to ask).
   */
  confirm?: string | ((formData: FormData) => string | undefined);
  /** Clear the inputs after a success (create forms). */
  resetOnSuccess?: boolean;
  /** After a success, with the answer (a row that disappears tells its message elsewhere). */
  onSuccess?: (result: FormState) => void;
  /** Fields and button on one row (small inline actions). */
  inline?: boolean;
  disabled?: boolean;
  /** The button's accessible name when its visible label is short ("Archive" → "Archive Studio 1"). */
  accessibleLabel?: string;
  children?: ReactNode;
};

/**
 * A form that runs a server action: the button shows the pending state, the answer's field errors
 * appear under their controls and its message above the button. The inputs keep what was typed
 * when the action fails.
 */
export function ActionForm(props: ActionFormProps) {
  const { action, fields = [], hidden = {}, submitLabel, variant = "primary", inline = false } = props;
  const t = useTranslations("Forms");
  const [state, setState] = useState<FormState>(IDLE);
  const [pending, startTransition] = useTransition();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  // After a failed save, take keyboard and screen-reader users to the first field to correct.
  useEffect(() => {
    if (state.fieldErrors) formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [state]);
  const idPrefix = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const formData = new FormData(form);
    const question = typeof props.confirm === "function" ? props.confirm(formData) : props.confirm;
    if (question && !window.confirm(question)) return;
    startTransition(async () => {
      try {
        // An action that redirects answers nothing.
        const result = (await action(formData)) ?? IDLE;
        setState(result);
        if (result.ok && props.resetOnSuccess) form.reset();
        if (result.ok) props.onSuccess?.(result);
      } catch {
        setState({ ok: false, error: t("requestFailed") });
      }
    });
  }

  const errors = state.fieldErrors ?? {};
  const known = new Set([...fields.map((field) => field.name), ...Object.keys(hidden), "_form"]);
  const stray = Object.entries(errors).filter(([name]) => !known.has(name));

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className={inline ? "flex flex-wrap items-end gap-2" : "max-w-xl space-y-4"}
      aria-busy={pending}
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {fields.map((spec) => (
        <div key={spec.name} className={inline ? "min-w-40 flex-1" : undefined}>
          <Field spec={spec} idPrefix={idPrefix} error={errors[spec.name]} />
        </div>
      ))}
      {props.children}
      <div className={inline ? "flex flex-col" : "flex flex-wrap items-center gap-3"}>
        <button
          type="submit"
          className={buttonClass(variant, "form")}
          disabled={pending || props.disabled || !hydrated}
          aria-label={props.accessibleLabel}
        >
          {pending ? (props.pendingLabel ?? t("saving")) : submitLabel}
        </button>
      </div>
      <div aria-live="polite" className={inline ? "basis-full empty:hidden" : "empty:hidden"}>
        {state.error ? (
          <p role="alert" className="text-sm text-red-700">
            {state.error}
            {stray.length > 0 ? ` (${stray.map(([name, message]) => `${name}: ${message}`).join("; ")})` : null}
          </p>
        ) : state.ok && state.message ? (
          <p className="text-sm text-brand-700">{state.message}</p>
        ) : null}
      </div>
    </form>
  );
}
