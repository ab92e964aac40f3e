"use server";

import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { readAll, readRaw, readText } from "@/components/forms/form-data";
import { parseWith } from "@/lib/http/parse-input";
import { Id } from "@/lib/schemas/common";
import { CreateWebhookInput, UpdateWebhookInput, WebhookSchema } from "@/lib/schemas/webhook";
import { createWebhook } from "@/lib/webhooks/create-webhook";
import { enqueueTestEvent } from "@/lib/webhooks/enqueue-webhook-delivery";
import { retryWebhookDelivery } from "@/lib/webhooks/list-webhook-deliveries";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate-webhook-secret";
import { deleteWebhook, updateWebhook } from "@/lib/webhooks/update-webhook";
import type { FormState } from "@/lib/web/form-state";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { runAction } from "@/lib/web/run-action";

const LIST_PATH = "/dashboard/webhooks";
const pathOf = (webhookId: string) => `${LIST_PATH}/${webhookId}`;

/** The answer of creating an endpoint or rotating its secret: the secret, this once. */
export type SecretState = FormState & { secret?: string };

/** The endpoint's fields as the form sent them, in the shape of the API's body. */
function readWebhookFields(formData: FormData) {
  return {
    url: readText(formData, "url"),
    events: readAll(formData, "events"),
    description: readRaw(formData, "description"),
  };
}

/** One plain message for the event checkboxes, whatever the schema said (none ticked, or one it does not know). */
async function withEventsError(state: FormState): Promise<FormState> {
  const isEvents = (key: string) => key === "events" || key.startsWith("events.");
  const errors = Object.entries(state.fieldErrors ?? {});
  if (!errors.some(([key]) => isEvents(key))) return state;
  const t = await getTranslations("WebhooksActions");
  const others = errors.filter(([key]) => !isEvents(key));
  return { ...state, fieldErrors: { ...Object.fromEntries(others), events: t("chooseEvents") } };
}

export async function createWebhookAction(formData: FormData): Promise<SecretState> {
  const viewer = await requireAdministrator();
  let secret: string | undefined;
  const state = await runAction(
    async () => {
      const input = parseWith(CreateWebhookInput, readWebhookFields(formData));
      const created = await createWebhook({ db: viewer.db, accountId: viewer.accountId, ...input });
      secret = created.secret;
      const t = await getTranslations("WebhooksActions");
      return t("created", { url: created.webhook.url });
    },
    { revalidate: LIST_PATH },
  );
  return state.ok ? { ...state, secret } : withEventsError(state);
}

export async function updateWebhookAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  const webhookId = readText(formData, "webhookId") ?? "";
  const state = await runAction(
    async () => {
      const changes = parseWith(UpdateWebhookInput, readWebhookFields(formData));
      await updateWebhook({ db: viewer.db, webhookId: parseWith(Id, webhookId), changes });
      const t = await getTranslations("WebhooksActions");
      return t("saved");
    },
    { revalidate: [LIST_PATH, pathOf(webhookId)] },
  );
  return withEventsError(state);
}

/** Enables or disables an endpoint (`status`: what it becomes); enabling restarts its failure count. */
export async function setWebhookStatusAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  const webhookId = readText(formData, "webhookId") ?? "";
  return runAction(
    async () => {
      const status = parseWith(WebhookSchema.shape.status, readText(formData, "status"));
      await updateWebhook({ db: viewer.db, webhookId: parseWith(Id, webhookId), changes: { status } });
      const t = await getTranslations("WebhooksActions");
      return status === "enabled" ? t("enabled") : t("disabled");
    },
    { revalidate: [LIST_PATH, pathOf(webhookId)] },
  );
}

export async function sendTestEventAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  const webhookId = readText(formData, "webhookId") ?? "";
  return runAction(
    async () => {
      const id = parseWith(Id, webhookId);
      const { waitsUntilEnabled } = await enqueueTestEvent({
        db: viewer.db,
        accountId: viewer.accountId,
        webhookId: id,
        now: new Date(),
      });
      const t = await getTranslations("WebhooksActions");
      return waitsUntilEnabled ? t("testQueuedWhileOff") : t("testQueued");
    },
    { revalidate: pathOf(webhookId) },
  );
}

export async function rotateWebhookSecretAction(formData: FormData): Promise<SecretState> {
  const viewer = await requireAdministrator();
  const webhookId = readText(formData, "webhookId") ?? "";
  let secret: string | undefined;
  const state = await runAction(
    async () => {
      const id = parseWith(Id, webhookId);
      secret = await rotateWebhookSecret({
        db: viewer.db,
        accountId: viewer.accountId,
        webhookId: id,
        now: new Date(),
      });
      const t = await getTranslations("WebhooksActions");
      return t("rotated");
    },
    { revalidate: pathOf(webhookId) },
  );
  return state.ok ? { ...state, secret } : state;
}

/** Deletes an endpoint and its deliveries, then goes back to the list (which says so). */
export async function deleteWebhookAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  const state = await runAction(
    async () => {
      await deleteWebhook({ db: viewer.db, webhookId: parseWith(Id, readText(formData, "webhookId")) });
    },
    { revalidate: LIST_PATH },
  );
  // redirect() throws, so it goes after runAction (which would catch it as a failure)
  if (state.ok) redirect(`${LIST_PATH}?deleted=1`);
  return state;
}

/** Makes a delivery due now for one more attempt (its attempts kept). */
export async function retryDeliveryAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  const webhookId = readText(formData, "webhookId") ?? "";
  return runAction(
    async () => {
      const madeDue = await retryWebhookDelivery({
        db: viewer.db,
        webhookId: parseWith(Id, webhookId),
        deliveryId: parseWith(Id, readText(formData, "deliveryId")),
        now: new Date(),
      });
      const t = await getTranslations("WebhooksActions");
      return madeDue ? t("retrying") : t("beingSent");
    },
    { revalidate: pathOf(webhookId) },
  );
}
