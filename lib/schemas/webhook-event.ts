import { BookingSchema } from "./booking";
import { InstanceSchema } from "./instance";
import { OrderSchema } from "./order";
import { z } from "./zod";

/**
 * What a delivery's body is (`{ type, timestamp, data }`, lib/webhooks/enqueue-webhook-delivery.ts and
 * book_instance.sql): one schema per kind of resource, for the OpenAPI document's `webhooks` and for
 * the tests that parse real deliveries with them.
 */
function eventOf<Type extends string, Data extends z.ZodType>(
  name: string,
  types: readonly [Type, ...Type[]],
  data: Data,
) {
  return z
    .object({
      type: z.enum(types),
      timestamp: z.iso.datetime().openapi({ description: "When the change was made" }),
      data,
    })
    .openapi(name);
}

export const BookingEventSchema = eventOf("BookingEvent", ["booking.created", "booking.cancelled"], BookingSchema);
export const InstanceEventSchema = eventOf("InstanceEvent", ["instance.cancelled", "instance.moved"], InstanceSchema);
export const OrderEventSchema = eventOf(
  "OrderEvent",
  ["order.paid", "order.refunded"],
  OrderSchema.extend({
    reason: z.string().nullable().optional().openapi({
      example: "withdrawal",
      description:
        "`order.refunded` only: why it was refunded: `withdrawal` for the buyer's withdrawal (POST /withdrawals), else the reason the studio gave (null without one)",
    }),
  }),
);
export const TestEventSchema = eventOf(
  "WebhookTestEvent",
  ["webhook.test"],
  z.object({ webhookId: z.string(), message: z.string() }),
);
