// Concurrency invariants of decisions §7 on PostgreSQL, in one process (api(): the real handlers over
// the file's 20-connection pool) and across two app processes (tests/helpers/app-server.ts) sharing
// the database: confirmed bookings never exceed capacity, a credit count never goes below zero, one
// live booking per attendee and instance, a cancellation frees exactly one place, a waitlisted
// booking is promoted at most once, one Idempotency-Key books once; a lost race is never a 5xx.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { env, resetEnvCache } from "@/lib/env";
import { api, type ApiResponse } from "@/tests/helpers/api";
import { startAppServers, type AppServer } from "@/tests/helpers/app-server";
import { createAttendeesInBulk, createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { waitForEmails } from "@/tests/helpers/outbox";
import { createClass, countersOf, remainingOf } from "./booking-test-data";

const databaseUrl = process.env.TEST_DATABASE_FILE_URL;
const NO_GATE = "100000";
if (!databaseUrl) {
  console.log("[bookings-race] skipped: the race tests need PostgreSQL (run with TEST_DATABASE_URL=postgres://…)");
}

type Reply = { status: number; body: ApiResponse["body"]; retryAfter?: string | null };
type Send = (
  method: string,
  path: string,
  options: { token: string; body?: unknown; headers?: Record<string, string> },
) => Promise<Reply>;

const inProcess: Send = async (method, path, options) => {
  const response = await api(method, path, options);
  return { status: response.status, body: response.body, retryAfter: response.headers.get("retry-after") };
};

function overHttp(servers: AppServer[]): Send {
  let next = 0;
  return async (method, path, { token, body, headers }) => {
    const server = servers[next++ % servers.length]!;
    const response = await fetch(`${server.url}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? JSON.parse(text) : undefined,
      retryAfter: response.headers.get("retry-after"),
    };
  };
}

/** "201", "409 Instance is full", … → how many. */
function tally(replies: Reply[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const reply of replies) {
    const key = reply.body?.error ? `${reply.status} ${reply.body.error}` : String(reply.status);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

function expectNo5xx(replies: Reply[]) {
  expect(
    replies.filter((reply) => reply.status >= 500),
    JSON.stringify(tally(replies)),
  ).toEqual([]);
}

/**
 * The tally of the answers. Where `mayShed`, a burst may saturate the pool (its wait is 5 s here):
 * the service then sheds load with 503 and `Retry-After` (decisions §1), never another 5xx, and those
 * are left out of the tally (`shed` says how many).
 */
function answered(replies: Reply[], mayShed: boolean): { counts: Record<string, number>; shed: number } {
  const shed = mayShed ? replies.filter((reply) => reply.status === 503) : [];
  expect(shed.every((reply) => reply.body?.error === "Service unavailable" && reply.retryAfter === "1")).toBe(true);
  if (shed.length > 0) console.log(`[bookings-race] ${shed.length} of ${replies.length} attempts were shed with 503`);
  expectNo5xx(replies.filter((reply) => !shed.includes(reply)));
  const counts = tally(replies.filter((reply) => !shed.includes(reply)));
  return { counts, shed: shed.length };
}

/** `count` attendees of the tenant, each with a session and a pass of `classes` credits, made in bulk. */
async function membersWithPasses(tenant: TestTenant, count: number, classes: number | null = 10) {
  const members = await createAttendeesInBulk(tenant.accountId, count);
  const product = await db.product.create({
    data: { accountId: tenant.accountId, type: "class_pass", name: "Pass", classAllowance: classes, status: "active" },
  });
  const passes = await db.entitlement.createManyAndReturn({
    data: members.map((member) => ({
      accountId: tenant.accountId,
      userId: member.userId,
      productId: product.id,
      remainingClasses: classes,
      validFrom: new Date(Date.now() - 86_400_000),
    })),
  });
  return members.map((member, i) => ({ ...member, passId: passes[i]!.id }));
}

describe.skipIf(!databaseUrl)("booking races on PostgreSQL", () => {
  let servers: AppServer[] = [];
  const previous = { ...process.env };

  /** Sets this process's environment for a mode (env() is read again afterwards). */
  function setEnv(values: Record<string, string>) {
    Object.assign(process.env, values);
    resetEnvCache();
  }

  beforeAll(async () => {
    // Let every attempt reach the database: the point is the locking, not the load shedding.
    setEnv({ MAX_IN_FLIGHT_REQUESTS: "5000" });
    servers = await startAppServers(2, databaseUrl!, {
      MAX_IN_FLIGHT_REQUESTS: "5000",
      BOOKING_TRANSACTIONS_PER_INSTANCE: NO_GATE,
      DATABASE_POOL_SIZE: "10",
      DATABASE_POOL_TIMEOUT_MS: "30000",
      EMAIL_TRANSPORT: "outbox",
      EMAIL_OUTBOX_DIR: env().EMAIL_OUTBOX_DIR,
    });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    for (const name of ["MAX_IN_FLIGHT_REQUESTS", "BOOKING_TRANSACTIONS_PER_INSTANCE"]) {
      if (previous[name] === undefined) delete process.env[name];
      else process.env[name] = previous[name];
    }
    resetEnvCache();
  });

  // The invariants must hold on the database's locks alone: two modes switch off the per-process
  // admission gate (lib/bookings/instance-gate.ts); the third runs the default configuration.
  const modes: [string, () => Send, string, boolean][] = [
    ["in one process, without the admission gate", () => inProcess, NO_GATE, true],
    ["across two app processes, without the admission gate", () => overHttp(servers), NO_GATE, false],
    ["in one process, with the default admission gate", () => inProcess, "2", false],
  ];

  describe.each(modes)("%s", (_mode, sender, gate, mayShed) => {
    let tenant: TestTenant;
    beforeAll(async () => {
      setEnv({ BOOKING_TRANSACTIONS_PER_INSTANCE: gate });
      tenant = await createTenant();
    });

    it("200 attendees racing for the last place: exactly one 201, the rest 409 Instance is full", async () => {
      const send = sender();
      const lesson = await createClass(tenant.accountId, { capacity: 3 });
      const [first, second, ...racers] = await membersWithPasses(tenant, 202);
      for (const member of [first!, second!]) {
        expect((await send("POST", "/bookings", { token: member.token, body: { instanceId: lesson.id } })).status).toBe(
          201,
        );
      }

      const replies = await Promise.all(
        racers.map((member) => send("POST", "/bookings", { token: member.token, body: { instanceId: lesson.id } })),
      );

      const { counts, shed } = answered(replies, mayShed);
      expect(counts).toEqual({ "201": 1, "409 Instance is full": 199 - shed });
      expect(await countersOf(lesson.id)).toEqual({ bookedCount: 3, waitlistCount: 0, confirmed: 3, waitlisted: 0 });
    });

    it("500 attempts for 20 places: exactly 20 confirmed, bookedCount 20, 20 credits taken", async () => {
      const send = sender();
      const lesson = await createClass(tenant.accountId, { capacity: 20 });
      const racers = await membersWithPasses(tenant, 500, 1);

      const replies = await Promise.all(
        racers.map((member) => send("POST", "/bookings", { token: member.token, body: { instanceId: lesson.id } })),
      );

      const { counts, shed } = answered(replies, mayShed);
      expect(counts).toEqual({ "201": 20, "409 Instance is full": 480 - shed });
      expect(await countersOf(lesson.id)).toEqual({ bookedCount: 20, waitlistCount: 0, confirmed: 20, waitlisted: 0 });
      const passes = await db.entitlement.findMany({ where: { id: { in: racers.map((member) => member.passId) } } });
      expect(passes.filter((pass) => pass.remainingClasses === 0)).toHaveLength(20);
      expect(passes.filter((pass) => pass.remainingClasses === 1)).toHaveLength(480);
    });

    it("50 concurrent bookings by one attendee: one booking, one credit", async () => {
      const send = sender();
      const lesson = await createClass(tenant.accountId, { capacity: 100 });
      const [member] = await membersWithPasses(tenant, 1, 10);

      const replies = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          send("POST", "/bookings", { token: member!.token, body: { instanceId: lesson.id, waitlist: i % 2 === 0 } }),
        ),
      );

      expectNo5xx(replies);
      expect(tally(replies)).toEqual({ "201": 1, "409 Already booked": 49 });
      expect(await db.booking.count({ where: { instanceId: lesson.id, attendeeId: member!.userId } })).toBe(1);
      expect(await remainingOf(member!.passId)).toEqual({ remainingClasses: 9, status: "active" });
      expect(await countersOf(lesson.id)).toMatchObject({ bookedCount: 1, confirmed: 1 });
    });

    it("a pass with one credit and concurrent bookings of different classes: exactly one wins, never below zero", async () => {
      const send = sender();
      const members = await membersWithPasses(tenant, 20, 1);
      const classes = await Promise.all(
        Array.from({ length: 4 }, () => createClass(tenant.accountId, { capacity: 100 })),
      );

      const replies = await Promise.all(
        members.flatMap((member) =>
          classes.map((lesson) => send("POST", "/bookings", { token: member.token, body: { instanceId: lesson.id } })),
        ),
      );

      expectNo5xx(replies);
      expect(tally(replies)).toEqual({ "201": 20, "402 No valid entitlement": 60 });
      for (const member of members) {
        expect(await remainingOf(member.passId)).toEqual({ remainingClasses: 0, status: "exhausted" });
        expect(await db.booking.count({ where: { attendeeId: member.userId, status: "confirmed" } })).toBe(1);
      }
      for (const lesson of classes) {
        const counters = await countersOf(lesson.id);
        expect(counters.bookedCount).toBe(counters.confirmed);
      }
    });

    it("concurrent cancellations of one booking free exactly one place, return one credit, promote once", async () => {
      const send = sender();
      const lesson = await createClass(tenant.accountId, { capacity: 1 });
      const [owner, firstWaiting, secondWaiting] = await membersWithPasses(tenant, 3, 5);
      const booking = await send("POST", "/bookings", { token: owner!.token, body: { instanceId: lesson.id } });
      const waitingOne = await send("POST", "/bookings", {
        token: firstWaiting!.token,
        body: { instanceId: lesson.id, waitlist: true },
      });
      const waitingTwo = await send("POST", "/bookings", {
        token: secondWaiting!.token,
        body: { instanceId: lesson.id, waitlist: true },
      });
      expect([booking.body.status, waitingOne.body.status, waitingTwo.body.status]).toEqual([
        "confirmed",
        "waitlisted",
        "waitlisted",
      ]);

      const replies = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          send("DELETE", `/bookings/${booking.body.id}`, { token: i % 2 === 0 ? owner!.token : tenant.admin.token }),
        ),
      );

      expectNo5xx(replies);
      expect(tally(replies)).toEqual({ "200": 1, "409 Booking is already cancelled": 29 });
      expect(await remainingOf(owner!.passId)).toEqual({ remainingClasses: 5, status: "active" });
      expect(await remainingOf(firstWaiting!.passId)).toEqual({ remainingClasses: 4, status: "active" });
      expect(await remainingOf(secondWaiting!.passId)).toEqual({ remainingClasses: 5, status: "active" });
      expect(await countersOf(lesson.id)).toEqual({ bookedCount: 1, waitlistCount: 1, confirmed: 1, waitlisted: 1 });
      expect((await db.booking.findUniqueOrThrow({ where: { id: waitingOne.body.id } })).status).toBe("confirmed");
    });

    it("concurrent replays of one Idempotency-Key book once", async () => {
      const send = sender();
      const lesson = await createClass(tenant.accountId, { capacity: 10 });
      const [member] = await membersWithPasses(tenant, 1, 10);
      const headers = { "Idempotency-Key": `race-${lesson.id}` };

      const replies = await Promise.all(
        Array.from({ length: 30 }, () =>
          send("POST", "/bookings", { token: member!.token, body: { instanceId: lesson.id }, headers }),
        ),
      );

      expectNo5xx(replies);
      const created = replies.filter((reply) => reply.status === 201);
      expect(created.length).toBeGreaterThanOrEqual(1);
      expect(new Set(created.map((reply) => reply.body.id)).size).toBe(1);
      expect(
        replies.every(
          (reply) => reply.status === 201 || (reply.status === 409 && reply.body.error === "Request in progress"),
        ),
      ).toBe(true);
      expect(await db.booking.count({ where: { instanceId: lesson.id } })).toBe(1);
      expect(await remainingOf(member!.passId)).toEqual({ remainingClasses: 9, status: "active" });
    });

    it("bookings, waitlist joins and cancellations all at once keep every counter and credit exact", async () => {
      const send = sender();
      const lesson = await createClass(tenant.accountId, { capacity: 5 });
      const members = await membersWithPasses(tenant, 40, 2);
      const first = await Promise.all(
        members
          .slice(0, 20)
          .map((member) =>
            send("POST", "/bookings", { token: member.token, body: { instanceId: lesson.id, waitlist: true } }),
          ),
      );
      expectNo5xx(first);
      expect(tally(first)).toEqual({ "201": 20 });

      // Every other early booker cancels (twice) while the other 20 book or join the waitlist.
      const cancellations = first
        .filter((_, i) => i % 2 === 0)
        .flatMap((reply, i) => {
          const token = members[i * 2]!.token;
          return [
            send("DELETE", `/bookings/${reply.body.id}`, { token }),
            send("DELETE", `/bookings/${reply.body.id}`, { token }),
          ];
        });
      const bookings = members
        .slice(20)
        .map((member) =>
          send("POST", "/bookings", { token: member.token, body: { instanceId: lesson.id, waitlist: true } }),
        );
      const replies = await Promise.all([...cancellations, ...bookings]);

      expectNo5xx(replies);
      expect(tally(replies.slice(0, cancellations.length))).toEqual({
        "200": 10,
        "409 Booking is already cancelled": 10,
      });
      const counters = await countersOf(lesson.id);
      expect(counters.bookedCount).toBe(counters.confirmed);
      expect(counters.waitlistCount).toBe(counters.waitlisted);
      expect(counters.confirmed).toBe(5); // places freed by cancellations were filled from the waitlist
      expect(counters.waitlisted).toBe(40 - 10 - 5);
      for (const member of members) {
        const used = await db.booking.count({
          where: { attendeeId: member.userId, instanceId: lesson.id, status: { in: ["confirmed", "late_cancelled"] } },
        });
        expect((await remainingOf(member.passId)).remainingClasses).toBe(2 - used);
      }
    });
  });

  it("an app process sends the confirmation email after commit (with its calendar file)", async () => {
    const tenant = await createTenant();
    const lesson = await createClass(tenant.accountId, { title: "Across processes" });
    const [member] = await membersWithPasses(tenant, 1, 1);
    const reply = await overHttp(servers)("POST", "/bookings", {
      token: member!.token,
      body: { instanceId: lesson.id },
    });
    expect(reply.status).toBe(201);
    const [email] = await waitForEmails(member!.email, 1, 15_000);
    expect(email!.subject).toMatch(/^Booking bekræftet: Across processes, /);
    expect((email as unknown as { attachments: { content: string }[] }).attachments[0]!.content).toContain(
      "BEGIN:VEVENT",
    );
  });
});
