import type { Webhook, WebhookDelivery } from "@prisma/client";
import { TEST_EVENT_TYPE, WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/webhook-events";
import { IdParam, text } from "./common";
import { cursorKey, PageParams } from "./page";
import { z } from "./zod";
import { ruleIssue } from "@/lib/error-details";

const WebhookUrl = z
  .url({ protocol: /^https?$/, normalize: false })
  .max(2000)
  .openapi({
    example: "https://example.com/studio-webhooks",
    description:
      "`https`, resolving to public addresses only (checked again at every delivery); `http` and private " +
      "addresses only where the server allows them (WEBHOOK_ALLOW_PRIVATE_URLS, for development)",
  });
const Events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((events) => new Set(events).size === events.length, ruleIssue("events_repeat"))
  .openapi({ example: ["booking.created", "booking.cancelled"], description: "The events sent to this endpoint" });
const Description = text().trim().max(500).openapi({ example: "Our CRM" });

export const WebhookSchema = z
  .object({
    id: z.string().openapi({ example: "7d2f3c1a-5b6e-4f80-9a1b-2c3d4e5f6a7b" }),
    url: z.string().openapi({ example: "https://example.com/studio-webhooks" }),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    description: z.string().nullable(),
    status: z.enum(["enabled", "disabled"]).openapi({
      description: "`disabled` sends nothing: set by an administrator, or after 5 days of failed deliveries",
    }),
    createdAt: z.iso.datetime(),
  })
  .openapi("Webhook");

const Secret = z.string().openapi({
  example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  description:
    "The signing secret (Standard Webhooks: `whsec_` and base64), shown in this answer only; verify deliveries " +
    "with it (e.g. the `standardwebhooks` library)",
});

export const CreatedWebhookSchema = z.object({ webhook: WebhookSchema, secret: Secret }).openapi("CreatedWebhook");
export const RotatedSecretSchema = z.object({ secret: Secret }).openapi("RotatedWebhookSecret");

export const CreateWebhookInput = z
  .strictObject({ url: WebhookUrl, events: Events, description: Description.optional() })
  .openapi("CreateWebhookInput");

export const UpdateWebhookInput = z
  .strictObject({
    url: WebhookUrl.optional(),
    events: Events.optional(),
    description: Description.nullable().optional().openapi({ description: "null removes it" }),
    status: z.enum(["enabled", "disabled"]).optional().openapi({
      description: "`enabled` also restarts the 5-day failure count",
    }),
  })
  .openapi("UpdateWebhookInput");

export const WebhookParams = IdParam("webhookId");
export const WebhookDeliveryParams = WebhookParams.extend(IdParam("deliveryId").shape);

export const WebhookDeliverySchema = z
  .object({
    id: z.string().openapi({ description: "Also the message's `webhook-id` header, the same on every attempt" }),
    eventType: z.string().openapi({ example: TEST_EVENT_TYPE }),
    status: z.enum(["pending", "succeeded", "failed"]).openapi({
      description: "`failed`: every attempt failed (retried for about a day); `POST …/retry` tries again",
    }),
    attempts: z.number().int(),
    lastStatusCode: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "null: none yet, or no answer (timeout, refused)" }),
    nextAttemptAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .openapi("WebhookDelivery");

/** The deliveries' sort key and cursor: newest first (created, then id, both descending). */
export const WebhookDeliveryKey = z.tuple([z.iso.datetime(), z.string()]);
export const ListWebhookDeliveriesQuery = z.object(PageParams).transform(({ cursor, limit }, context) => {
  if (cursor !== undefined && limit === undefined)
    context.addIssue({ code: "custom", path: ["cursor"], ...ruleIssue("cursor_without_limit") });
  const after = cursorKey(WebhookDeliveryKey, cursor, context);
  return { limit, after: after && { createdAt: new Date(after[0]), id: after[1] } };
});
export const ListWebhookDeliveriesParams = z.object(PageParams);

export type WebhookDto = z.infer<typeof WebhookSchema>;
export type WebhookDeliveryDto = z.infer<typeof WebhookDeliverySchema>;

/** An endpoint as answers show it: never its secrets. */
export function serializeWebhook(
  webhook: Pick<Webhook, "id" | "url" | "events" | "description" | "status" | "createdAt">,
): WebhookDto {
  return {
    id: webhook.id,
    url: webhook.url,
    events: webhook.events as WebhookDto["events"],
    description: webhook.description,
    status: webhook.status,
    createdAt: webhook.createdAt.toISOString(),
  };
}

export function serializeWebhookDelivery(
  delivery: Pick<
    WebhookDelivery,
    "id" | "eventType" | "status" | "attempts" | "lastStatusCode" | "nextAttemptAt" | "createdAt"
  >,
): WebhookDeliveryDto {
  return {
    id: delivery.id,
    eventType: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    lastStatusCode: delivery.lastStatusCode,
    nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
    createdAt: delivery.createdAt.toISOString(),
  };
}
