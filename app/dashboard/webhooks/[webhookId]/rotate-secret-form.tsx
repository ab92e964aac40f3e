"use client";

import { useState, useTransition, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { buttonClass } from "@/components/ui/button";
import type { SecretState } from "../actions";
import { SecretReveal } from "../secret-reveal";

/** Asks first, then makes a new signing secret and shows it this once; the old one signs 24 hours more. */
export function RotateSecretForm({
  action,
  webhookId,
}: {
  action: (formData: FormData) => Promise<SecretState>;
  webhookId: string;
}) {
  const t = useTranslations("WebhookForm");
  const [state, setState] = useState<SecretState>({ ok: false });
  const [pending, startTransition] = useTransition();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!window.confirm(t("rotateConfirm"))) return;
    const formData = new FormData(event.currentTarget);
    startTransition(async () => {
      try {
        setState(await action(formData));
      } catch {
        setState({ ok: false, error: t("failed") });
      }
    });
  }

  return (
    <div className="max-w-2xl space-y-3">
      <form onSubmit={onSubmit} className="flex flex-wrap items-center gap-3" aria-busy={pending}>
        <input type="hidden" name="webhookId" value={webhookId} />
        <button type="submit" className={buttonClass("secondary", "form")} disabled={pending}>
          {pending ? t("rotating") : t("rotate")}
        </button>
        {state.error ? (
          <p role="alert" className="text-sm text-red-700">
            {state.error}
          </p>
        ) : null}
      </form>
      {state.ok && state.secret ? <SecretReveal key={state.secret} secret={state.secret} note={t("previousSecretNote")} /> : null}
    </div>
  );
}
