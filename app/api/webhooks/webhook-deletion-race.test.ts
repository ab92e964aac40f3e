// An endpoint deleted while bookings are being made (issue 43 §6.1): every booking still succeeds,
// and a deleted endpoint simply gets no delivery. On PostgreSQL the deletion is also held open at the
// exact moment a booking's delivery is written, which answered 500 (a foreign key violation) before
// the deliveries' insert locked the endpoints it read. On PGlite (one connection) the burst runs
// one statement at a time, so it checks only that deletions and bookings mix.
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createClass, grant } from "@/app/api/bookings/booking-test-data";
import { db } from "@/lib/db";
import { resetEnvCache } from "@/lib/env";
import { holdJobs } from "@/lib/jobs/wake";
import { startBackgroundWork } from "@/lib/system/start-background-work";
import { api } from "@/tests/helpers/api";
import { createAttendeesInBulk, createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";

const databaseUrl = process.env.TEST_DATABASE_FILE_URL;

beforeAll(async () => {
  startBackgroundWork();
  await holdJobs(); // nothing is sent: only what is written counts here
});
afterAll(() => holdJobs());

let tenant: TestTenant;

beforeEach(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";
  resetEnvCache();
  tenant = await createTenant();
});

async function subscribe(events: string[]): Promise<string> {
  const response = await api("POST", "/webhooks", {
    token: tenant.admin.token,
    body: { url: "http://127.0.0.1:9/hooks", events },
  });
  expect(response.status, response.text).toBe(201);
  return response.body.webhook.id as string;
}

/**
 * Statements of other connections that wait for a lock (PostgreSQL only). Within a transaction the
 * statistics are a snapshot taken at first use: it is dropped first.
 */
async function lockWaiters(client: pg.Client): Promise<number> {
  await client.query("SELECT pg_stat_clear_snapshot()");
  const { rows } = await client.query<{ count: string }>(
    `SELECT count(*) FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
  );
  return Number(rows[0]!.count);
}

/**
 * Runs `during` while another connection has deleted `webhookId` and not yet committed; commits once
 * `during`'s statement waits for that lock, and returns what `during` answered.
 */
async function whileDeleting<T>(webhookId: string, during: () => Promise<T>): Promise<T> {
  const deleter = new pg.Client({ connectionString: databaseUrl });
  await deleter.connect();
  try {
    await deleter.query("BEGIN");
    await deleter.query(`DELETE FROM "Webhook" WHERE id = $1`, [webhookId]);
    const answer = during();
    await expect.poll(() => lockWaiters(deleter), { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
    await deleter.query("COMMIT");
    return await answer;
  } finally {
    await deleter.end();
  }
}

describe("bookings while endpoints are deleted", () => {
  it("120 bookings racing against the deletion of the studio's endpoints: every one 201, deliveries only to endpoints still there", async () => {
    const endpoints = await Promise.all(Array.from({ length: 12 }, () => subscribe(["booking.created"])));
    const lesson = await createClass(tenant.accountId, { capacity: 200 });
    const members = await createAttendeesInBulk(tenant.accountId, 120);
    await Promise.all(members.map((member) => grant(tenant.accountId, member.userId)));
    const deleted = endpoints.slice(0, 10);

    const [bookings, deletions] = await Promise.all([
      Promise.all(
        members.map((member) => api("POST", "/bookings", { token: member.token, body: { instanceId: lesson.id } })),
      ),
      Promise.all(
        deleted.map(async (id, i) => {
          await new Promise((resolve) => setTimeout(resolve, i * 5));
          return api("DELETE", `/webhooks/${id}`, { token: tenant.admin.token });
        }),
      ),
    ]);

    expect(
      bookings.filter((response) => response.status !== 201).map((response) => `${response.status} ${response.text}`),
    ).toEqual([]);
    expect(deletions.map((response) => response.status)).toEqual(deleted.map(() => 204));
    expect(await db.webhookDelivery.count({ where: { webhookId: { in: deleted } } })).toBe(0);
    for (const kept of endpoints.slice(10))
      expect(await db.webhookDelivery.count({ where: { webhookId: kept, eventType: "booking.created" } })).toBe(120);
  });

  describe.skipIf(!databaseUrl)("on PostgreSQL, the endpoint deleted between the booking's read and its insert", () => {
    it("POST /bookings: 201, and no delivery for the deleted endpoint", async () => {
      const deletedId = await subscribe(["booking.created"]);
      const keptId = await subscribe(["booking.created"]);
      const lesson = await createClass(tenant.accountId);
      const member = await createMember(tenant.accountId, "attendee");
      await grant(tenant.accountId, member.userId);

      const response = await whileDeleting(deletedId, () =>
        api("POST", "/bookings", { token: member.token, body: { instanceId: lesson.id } }),
      );

      expect(response.status, response.text).toBe(201);
      expect(await db.webhook.count({ where: { id: deletedId } })).toBe(0);
      expect(await db.webhookDelivery.count({ where: { webhookId: deletedId } })).toBe(0);
      expect(await db.webhookDelivery.count({ where: { webhookId: keptId, eventType: "booking.created" } })).toBe(1);
    });

    it("POST /webhooks/{id}/test of the endpoint being deleted: 404, not 500", async () => {
      const deletedId = await subscribe(["booking.created"]);

      const response = await whileDeleting(deletedId, () =>
        api("POST", `/webhooks/${deletedId}/test`, { token: tenant.admin.token }),
      );

      expect(response).toMatchObject({ status: 404, body: { error: "Resource not found" } });
      expect(await db.webhookDelivery.count({ where: { webhookId: deletedId } })).toBe(0);
    });

    it("DELETE /bookings/{id}: 200, and no booking.cancelled delivery for the deleted endpoint", async () => {
      const lesson = await createClass(tenant.accountId);
      const member = await createMember(tenant.accountId, "attendee");
      await grant(tenant.accountId, member.userId);
      const booking = await api("POST", "/bookings", { token: member.token, body: { instanceId: lesson.id } });
      expect(booking.status, booking.text).toBe(201);
      const deletedId = await subscribe(["booking.cancelled"]);
      const keptId = await subscribe(["booking.cancelled"]);

      const response = await whileDeleting(deletedId, () =>
        api("DELETE", `/bookings/${booking.body.id}`, { token: member.token }),
      );

      expect(response.status, response.text).toBe(200);
      expect(await db.webhookDelivery.count({ where: { webhookId: deletedId } })).toBe(0);
      expect(await db.webhookDelivery.count({ where: { webhookId: keptId, eventType: "booking.cancelled" } })).toBe(1);
    });
  });
});
