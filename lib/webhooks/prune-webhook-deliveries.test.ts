// Pruning of settled webhook deliveries, on an injected clock: rows are dated relative to a fixed
// moment and the pruning is asked "as of" moments around it.
import { beforeEach, describe, expect, it } from "vitest";
import { db, getDatabase } from "@/lib/db";
import { createTenant } from "@/tests/helpers/fixtures";
import {
  DELIVERY_RETENTION_MS,
  pruneWebhookDeliveries,
} from "./prune-webhook-deliveries";

const NOW = new Date("2026-06-01T12:00:00.000Z");
const DAY = 24 * 3_600_000;

let accountId: string;
let webhookId: string;

beforeEach(async () => {
  await db.webhookDelivery.deleteMany({}); // the file's own database
  ({ accountId } = await createTenant());
  // Written directly (not through the API, which would start this process's sender on the real clock).
  const webhook = await db.webhook.create({
    data: { accountId, url: "https://example.com/hooks", events: ["booking.created"], secretEncrypted: "v1.x.y.z" },
  });
  webhookId = webhook.id;
});

/** A delivery enqueued `ageMs` before NOW, in `status`; its id. */
async function delivery(status: "pending" | "succeeded" | "failed", ageMs: number): Promise<string> {
  const row = await db.webhookDelivery.create({
    data: {
      accountId,
      webhookId,
      eventType: "booking.created",
      payload: "{}",
      status,
      createdAt: new Date(NOW.getTime() - ageMs),
      nextAttemptAt: status === "pending" ? NOW : null,
    },
  });
  return row.id;
}

const remaining = async () => (await db.webhookDelivery.findMany({ select: { id: true } })).map((row) => row.id).sort();

const sql = () => getDatabase().raw;

describe("pruneWebhookDeliveries", () => {
  it("deletes succeeded and failed deliveries older than 30 days, never pending or younger ones", async () => {
    await delivery("succeeded", 31 * DAY);
    await delivery("failed", 90 * DAY);
    const keep = [
      await delivery("pending", 90 * DAY), // still being retried (or its endpoint is disabled): never pruned
      await delivery("succeeded", 29 * DAY),
      await delivery("failed", DELIVERY_RETENTION_MS), // exactly 30 days: not older yet
      await delivery("succeeded", 0),
    ];

    expect(await pruneWebhookDeliveries({ sql: sql(), now: NOW })).toBe(2);
    expect(await remaining()).toEqual([...keep].sort());
    expect(await pruneWebhookDeliveries({ sql: sql(), now: NOW })).toBe(0);
  });

  it("deletes at most `limit` rows a pass, the oldest first", async () => {
    await delivery("succeeded", 60 * DAY);
    await delivery("succeeded", 50 * DAY);
    const old = await delivery("failed", 40 * DAY);

    expect(await pruneWebhookDeliveries({ sql: sql(), now: NOW, limit: 2 })).toBe(2);
    expect(await remaining()).toEqual([old]);
    expect(await pruneWebhookDeliveries({ sql: sql(), now: NOW, limit: 2 })).toBe(1);
    expect(await remaining()).toEqual([]);
  });
});
