"use server";

import { getTranslations } from "next-intl/server";
import { readAll, readRaw, readText } from "@/components/forms/form-data";
import { CreateWebhookInput, UpdateWebhookInput, WebhookSchema } from "@/lib/schemas/webhook";
import { createWebhook } from "@/lib/webhooks/create-webhook";
import { enqueueTestEvent } from "@/lib/webhooks/enqueue-webhook-delivery";
import { retryWebhookDelivery } from "@/lib/webhooks/list-webhook-deliveries";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate-webhook-secret";
import { deleteWebhook, updateWebhook } from "@/lib/webhooks/update-webhook";
import { action, formField } from "@/lib/web/action";
import type { FormState } from "@/lib/web/form-state";

const LIST_PATH = "/dashboard/webhooks";
const pathOf = (formData: FormData) => `${LIST_PATH}/${readText(formData, "webhookId") ?? ""}`;

/** The answer of creating an endpoint or rotating its secret: the secret, this once. */
export type SecretState = FormState & { secret?: string };

/** The endpoint's fields as the form sent them, in the shape of the API's body. */
const WEBHOOK_FIELDS = { url: readText, events: readAll, description: readRaw };

/** One plain message for the event checkboxes, whatever the schema said (none ticked, or one it does not know). */
async function withEventsError<T extends FormState>(state: T): Promise<T> {
  const isEvents = (key: string) => key === "events" || key.startsWith("events.");
  const errors = Object.entries(state.fieldErrors ?? {});
  if (!errors.some(([key]) => isEvents(key))) return state;
  const t = await getTranslations("WebhooksActions");
  const others = errors.filter(([key]) => !isEvents(key));
  return { ...state, fieldErrors: { ...Object.fromEntries(others), events: t("chooseEvents") } };
}

const createWebhookOnly = action(
  { auth: "administrator", input: { schema: CreateWebhookInput, fields: WEBHOOK_FIELDS }, revalidate: LIST_PATH },
  async ({ viewer, input }) => {
    const created = await createWebhook({ db: viewer.db, accountId: viewer.accountId, ...input });
    const t = await getTranslations("WebhooksActions");
    return { message: t("created", { url: created.webhook.url }), secret: created.secret };
  },
);

export async function createWebhookAction(formData: FormData): Promise<SecretState> {
  return withEventsError(await createWebhookOnly(formData));
}

const updateWebhookOnly = action(
  {
    auth: "administrator",
    ids: ["webhookId"],
    input: { schema: UpdateWebhookInput, fields: WEBHOOK_FIELDS },
    revalidate: (formData) => [LIST_PATH, pathOf(formData)],
  },
  async ({ viewer, ids: { webhookId }, input: changes }) => {
    await updateWebhook({ db: viewer.db, webhookId, changes });
    const t = await getTranslations("WebhooksActions");
    return t("saved");
  },
);

export async function updateWebhookAction(formData: FormData): Promise<FormState> {
  return withEventsError(await updateWebhookOnly(formData));
}

/** Enables or disables an endpoint (`status`: what it becomes); enabling restarts its failure count. */
export const setWebhookStatusAction = action(
  {
    auth: "administrator",
    ids: ["webhookId"],
    input: { schema: WebhookSchema.shape.status, fields: formField("status") },
    revalidate: (formData) => [LIST_PATH, pathOf(formData)],
  },
  async ({ viewer, ids: { webhookId }, input: status }) => {
    await updateWebhook({ db: viewer.db, webhookId, changes: { status } });
    const t = await getTranslations("WebhooksActions");
    return status === "enabled" ? t("enabled") : t("disabled");
  },
);

export const sendTestEventAction = action(
  { auth: "administrator", ids: ["webhookId"], revalidate: pathOf },
  async ({ viewer, ids: { webhookId } }) => {
    const { waitsUntilEnabled } = await enqueueTestEvent({
      db: viewer.db,
      accountId: viewer.accountId,
      webhookId,
      now: new Date(),
    });
    const t = await getTranslations("WebhooksActions");
    return waitsUntilEnabled ? t("testQueuedWhileOff") : t("testQueued");
  },
);

export const rotateWebhookSecretAction = action(
  { auth: "administrator", ids: ["webhookId"], revalidate: pathOf },
  async ({ viewer, ids: { webhookId } }) => {
    const secret = await rotateWebhookSecret({
      db: viewer.db,
      accountId: viewer.accountId,
      webhookId,
      now: new Date(),
    });
    const t = await getTranslations("WebhooksActions");
    return { message: t("rotated"), secret };
  },
);

/** Deletes an endpoint and its deliveries, then goes back to the list (which says so). */
export const deleteWebhookAction = action(
  { auth: "administrator", ids: ["webhookId"], revalidate: LIST_PATH },
  async ({ viewer, ids: { webhookId } }) => {
    await deleteWebhook({ db: viewer.db, webhookId });
    return { redirectTo: `${LIST_PATH}?deleted=1` };
  },
);

/** Makes a delivery due now for one more attempt (its attempts kept). */
export const retryDeliveryAction = action(
  { auth: "administrator", ids: ["webhookId", "deliveryId"], revalidate: pathOf },
  async ({ viewer, ids: { webhookId, deliveryId } }) => {
    const madeDue = await retryWebhookDelivery({ db: viewer.db, webhookId, deliveryId, now: new Date() });
    const t = await getTranslations("WebhooksActions");
    return madeDue ? t("retrying") : t("beingSent");
  },
);
