import "server-only";
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";
import { isForeignKeyViolation } from "@/lib/db/errors";
import { AppError } from "@/lib/errors";
import { TEST_EVENT_TYPE, type WebhookEventType } from "./webhook-events";

/** The body every delivery sends: fixed when enqueued, so every attempt sends the same bytes. */
function payloadOf(type: string, data: unknown, now: Date): string {
  return JSON.stringify({ type, timestamp: now.toISOString(), data });
}

/**
 * Puts an event in the outbox for each enabled endpoint of the account that subscribes to it, in
 * the caller's transaction (so the event is sent exactly when its change commits); the caller
 * wakes the runner once it commits (lib/db/outbox-writes.ts). Returns the deliveries queued. An endpoint deleted
 * concurrently gets none, and never fails the change.
 * `booking.created` of POST /bookings is the exception: the booking statement writes it itself
 * (book_instance.sql); a course's enrolment writes its own here (enrol-course.ts).
 */
export async function enqueueWebhookEvent(
  tx: TenantTx,
  event: { accountId: string; type: WebhookEventType; data: unknown; now: Date },
): Promise<number> {
  const { data, ...rest } = event;
  return enqueueWebhookEvents(tx, { ...rest, data: [data] });
}

/**
 * Several events of one type at once (e.g. one `booking.cancelled` per booking a class cancel
 * released): one look-up of the subscribed endpoints and one insert, however many events.
 */
export async function enqueueWebhookEvents(
  tx: TenantTx,
  events: { accountId: string; type: WebhookEventType; data: readonly unknown[]; now: Date },
): Promise<number> {
  if (events.data.length === 0) return 0;
  // FOR KEY SHARE: the lock the deliveries' foreign key check takes anyway, taken as the endpoints
  // are read. An endpoint being deleted meanwhile is waited for and then left out, where the check
  // would have failed the caller's whole change (issue 43 §6.1).
  const webhooks = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Webhook"
     WHERE "accountId" = ${events.accountId} AND "status" = 'enabled' AND ${events.type} = ANY ("events")
     FOR KEY SHARE`;
  if (webhooks.length === 0) return 0;
  const payloads = events.data.map((data) => payloadOf(events.type, data, events.now));
  const { count } = await tx.webhookDelivery.createMany({
    data: payloads.flatMap((payload) =>
      webhooks.map((webhook) => ({
        accountId: events.accountId,
        webhookId: webhook.id,
        eventType: events.type,
        payload,
        nextAttemptAt: events.now,
      })),
    ),
  });
  return count;
}

/**
 * A `webhook.test` event for one endpoint of the active account (404 for another's): its delivery id,
 * and whether it waits for the endpoint to be switched on (a disabled endpoint's deliveries wait).
 */
export async function enqueueTestEvent(options: {
  db: TenantDb;
  accountId: string;
  webhookId: string;
  now: Date;
}): Promise<{ deliveryId: string; waitsUntilEnabled: boolean }> {
  const webhook = await options.db.webhook.findFirst({
    where: { id: options.webhookId },
    select: { id: true, status: true },
  });
  if (!webhook) throw new AppError("not_found");
  const data = { webhookId: webhook.id, message: "A test event from your studio's booking system" };
  const delivery = await options.db.webhookDelivery
    .create({
      data: {
        accountId: options.accountId,
        webhookId: webhook.id,
        eventType: TEST_EVENT_TYPE,
        payload: payloadOf(TEST_EVENT_TYPE, data, options.now),
        nextAttemptAt: options.now,
      },
      select: { id: true },
    })
    .catch((error: unknown) => {
      // The endpoint was deleted between the look-up and the insert: it is gone, as a 404 says.
      if (isForeignKeyViolation(error)) throw new AppError("not_found");
      throw error;
    });
  return { deliveryId: delivery.id, waitsUntilEnabled: webhook.status !== "enabled" };
}
