"use client";

import { useId } from "react";
import { useTranslations } from "next-intl";
import { buttonClass } from "@/components/ui/button";
import { useOnceSecretForm } from "@/components/forms/use-once-secret-form";
import type { SecretState } from "./actions";
import { SecretReveal } from "./secret-reveal";
import { WebhookFields } from "./webhook-fields";

/**
 * Creates an endpoint and shows its signing secret this once (as the API keys page does): the
 * secret lives only in this component's state, so leaving or reloading the page loses it for good.
 */
export function CreateWebhookForm({ action }: { action: (formData: FormData) => Promise<SecretState> }) {
  const t = useTranslations("WebhookForm");
  const { state, pending, onSubmit } = useOnceSecretForm<SecretState>(action, t("failed"));
  const idPrefix = useId();

  return (
    <div className="max-w-2xl space-y-4">
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={pending}>
        <WebhookFields idPrefix={idPrefix} errors={state.fieldErrors} />
        <button type="submit" className={buttonClass("primary", "form")} disabled={pending}>
          {pending ? t("creating") : t("create")}
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
      {state.ok && state.secret ? <SecretReveal key={state.secret} secret={state.secret} /> : null}
    </div>
  );
}
