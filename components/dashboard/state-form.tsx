"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition, type FormEvent, type ReactNode } from "react";
import { buttonClass, type ButtonVariant } from "@/components/ui/button";
import { IDLE, type FormAction, type FormState } from "@/lib/web/form-state";
import { useHydrated } from "@/components/forms/use-hydrated";

/**
 * A form running a server action whose controls are the caller's own (radio groups, datetime-local,
 * checkbox lists): `children` gets the answer, so each control can show its field error. Pending and
 * error states as in ActionForm; the inputs keep what was typed when the action fails.
 */
export function StateForm({
  action,
  hidden = {},
  submitLabel,
  pendingLabel,
  variant = "primary",
  confirm,
  className = "space-y-3",
  resetOnSuccess = false,
  onSuccess,
  children,
}: {
  action: FormAction;
  hidden?: Record<string, string>;
  submitLabel: string;
  pendingLabel?: string;
  variant?: ButtonVariant;
  /** Asked with window.confirm first; a function decides from what was entered (undefined: nothing to ask). */
  confirm?: string | ((formData: FormData) => string | undefined);
  className?: string;
  /** Clear the inputs after a success (create forms: a second click must not create it twice). */
  resetOnSuccess?: boolean;
  /** After a success, with the answer: a create form puts its own controlled values back. */
  onSuccess?: (result: FormState) => void;
  children?: (state: FormState) => ReactNode;
}) {
  const t = useTranslations("Forms");
  const [state, setState] = useState<FormState>(IDLE);
  const [pending, startTransition] = useTransition();
  const hydrated = useHydrated();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const formData = new FormData(form);
    const question = typeof confirm === "function" ? confirm(formData) : confirm;
    if (question && !window.confirm(question)) return;
    startTransition(async () => {
      try {
        const result = await action(formData);
        setState(result);
        if (result.ok) {
          if (resetOnSuccess) form.reset();
          onSuccess?.(result);
        }
      } catch {
        setState({ ok: false, error: t("requestFailed") });
      }
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className={className} aria-busy={pending}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children?.(state)}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass(variant, "form")} disabled={pending || !hydrated}>
          {pending ? (pendingLabel ?? t("saving")) : submitLabel}
        </button>
        <span aria-live="polite" className="text-sm empty:hidden">
          {state.error ? (
            <span role="alert" className="text-red-700">
              {state.error}
            </span>
          ) : state.ok && state.message ? (
            <span className="text-brand-700">{state.message}</span>
          ) : null}
        </span>
      </div>
    </form>
  );
}

/** A field error under a custom control, linked by id for aria-describedby. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {error}
    </p>
  ) : null;
}
