"use client";

import { useId } from "react";
import { useTranslations } from "next-intl";
import { StateForm } from "@/components/dashboard/state-form";
import type { FormAction } from "@/lib/web/form-state";
import { WebhookFields, type WebhookValues } from "../webhook-fields";

/** Changes an endpoint's URL, events and description; the fields keep what was typed when saving fails. */
export function EditWebhookForm({
  action,
  webhookId,
  values,
}: {
  action: FormAction;
  webhookId: string;
  values: WebhookValues;
}) {
  const t = useTranslations("WebhookForm");
  const idPrefix = useId();
  return (
    <StateForm
      action={action}
      hidden={{ webhookId }}
      submitLabel={t("save")}
      pendingLabel={t("saving")}
      className="max-w-2xl space-y-4"
    >
      {(state) => <WebhookFields idPrefix={idPrefix} errors={state.fieldErrors} values={values} />}
    </StateForm>
  );
}
