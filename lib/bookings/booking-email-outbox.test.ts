// The booking email outbox: written in the booking's transaction, sent by a drain that claims rows
// with a lease (several drains at once send each email once), retried, given up after 5 attempts,
// rendered in an email worker thread, and sent while this process serves requests.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db, getDatabase, useDatabase } from "@/lib/db";
import { openPglite } from "@/lib/db/client";
import { tenantDb } from "@/lib/db/tenant-db";
import { env, resetEnvCache } from "@/lib/env";
import { setLogSink } from "@/lib/log";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { readOutbox, waitForEmails } from "@/tests/helpers/outbox";
import { createClass, grant } from "@/app/api/bookings/booking-test-data";
import type { RawSql } from "@/lib/db/raw-sql";
import { sendWaitingBookingEmails as drainBookingEmails } from "@/tests/helpers/app-drains";
import { JOBS_WITHOUT_A_DATABASE, allowLogged, expectLogged } from "@/tests/helpers/logs";
import { enqueueBookingEmails } from "./booking-email-outbox";
import { holdJobs, startJobs, stopJobs, wakeJobs } from "@/lib/jobs/wake";
import { startBackgroundWork } from "@/lib/system/start-background-work";
import type { BookingNotice } from "./booking-notice";

const onPostgres = Boolean(process.env.TEST_DATABASE_FILE_URL);
if (!onPostgres) {
  console.log(
    "[booking-email-outbox] concurrent drains skipped: they need PostgreSQL (run with TEST_DATABASE_URL=postgres://…)",
  );
}

const originalEnv = { ...process.env };
let tenant: TestTenant;

/** The runner with the app's work, as the server starts it (once per process), then released from the hold. */
function startTheRunner() {
  startBackgroundWork();
  startJobs();
}

// The drains are run by hand: the runner, woken by each commit that writes an email, is held
// except where a test is about the runner itself (startJobs).
beforeEach(async () => {
  await holdJobs();
  tenant = await createTenant();
});

afterEach(async () => {
  await stopJobs();
  setLogSink(undefined);
  for (const key of ["EMAIL_OUTBOX_DIR", "EMAIL_TRANSPORT", "RESEND_API_KEY", "RESEND_BASE_URL"]) {
    if (originalEnv[key] === undefined) delete process.env[key];
    else process.env[key] = originalEnv[key];
  }
  resetEnvCache();
});

function setEnv(values: Record<string, string>) {
  Object.assign(process.env, values);
  resetEnvCache();
}

/** `count` attendees, each with a confirmed booking of one class. */
async function confirmedBookings(count: number) {
  const lesson = await createClass(tenant.accountId, { title: "Morning Flow" });
  const bookings = [];
  for (let i = 0; i < count; i++) {
    const member = await createMember(tenant.accountId, "attendee");
    const booking = await db.booking.create({
      data: { accountId: tenant.accountId, instanceId: lesson.id, attendeeId: member.userId, status: "confirmed" },
    });
    bookings.push({ member, booking });
  }
  return bookings;
}

async function enqueue(notices: BookingNotice[]) {
  await tenantDb(tenant.accountId).$transaction((tx) => enqueueBookingEmails(tx, tenant.accountId, notices));
}

const pendingRows = () => db.bookingEmail.findMany({ where: { accountId: tenant.accountId } });
const emailsTo = (address: string) => readOutbox().filter((email) => email.to === address);

describe("enqueue and drain", () => {
  it("writes nothing when the transaction rolls back", async () => {
    const [first] = await confirmedBookings(1);
    const failed = tenantDb(tenant.accountId).$transaction(async (tx) => {
      await enqueueBookingEmails(tx, tenant.accountId, [{ kind: "confirmed", bookingId: first!.booking.id }]);
      throw new Error("rolled back");
    });
    await expect(failed).rejects.toThrow("rolled back");
    expect(await pendingRows()).toEqual([]);
    expect(await drainBookingEmails()).toBe(0);
    expect(emailsTo(first!.member.email)).toEqual([]);
  });

  it("sends a committed confirmation once, with its calendar file, and deletes the row", async () => {
    const [first] = await confirmedBookings(1);
    await enqueue([{ kind: "confirmed", bookingId: first!.booking.id }]);
    expect(await pendingRows()).toHaveLength(1);

    expect(await drainBookingEmails()).toBe(1);
    expect(await drainBookingEmails()).toBe(0);
    const emails = emailsTo(first!.member.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toMatch(/^Booking bekræftet: Morning Flow, /);
    expect(emails[0]!.text).toContain("Morning Flow");
    const { attachments } = emails[0] as unknown as { attachments: { filename: string; content: string }[] };
    expect(attachments.map((a) => a.filename)).toEqual(["booking.ics"]);
    expect(attachments[0]!.content).toContain(`UID:booking-${first!.booking.id}@localhost`);
    expect(await pendingRows()).toEqual([]);
  });

  it("drops a confirmation of a booking cancelled before it was sent, and still sends the cancellation", async () => {
    const [first] = await confirmedBookings(1);
    const bookingId = first!.booking.id;
    await enqueue([{ kind: "confirmed", bookingId }]);
    await db.booking.update({ where: { id: bookingId }, data: { status: "cancelled" } });
    await enqueue([{ kind: "cancelled", bookingId }]);

    expect(await drainBookingEmails()).toBe(1);
    expect(emailsTo(first!.member.email).map((email) => email.subject.split(":")[0])).toEqual(["Booking afmeldt"]);
    expect(await pendingRows()).toEqual([]);
  });

  it("sends a backlog in batches, each email once, whether the last batch is short or full", async () => {
    for (const count of [7, 6]) {
      const bookings = await confirmedBookings(count);
      await enqueue(bookings.map(({ booking }) => ({ kind: "confirmed" as const, bookingId: booking.id })));

      expect(await drainBookingEmails({ batchSize: 3 })).toBe(count);
      for (const { member } of bookings) expect(emailsTo(member.email)).toHaveLength(1);
      expect(await pendingRows()).toEqual([]);
    }
  });

  it.runIf(onPostgres)("sends each email once when two drains run at the same time", async () => {
    const bookings = await confirmedBookings(24);
    await enqueue(bookings.map(({ booking }) => ({ kind: "confirmed" as const, bookingId: booking.id })));

    const sent = await Promise.all([drainBookingEmails({ batchSize: 3 }), drainBookingEmails({ batchSize: 3 })]);
    expect(sent[0]! + sent[1]!).toBe(24);
    for (const { member } of bookings) expect(emailsTo(member.email)).toHaveLength(1);
    expect(await pendingRows()).toEqual([]);
  });
});

describe("a failing send", () => {
  /** Ends the lease of every waiting row, as if its 2 minutes had passed. */
  const endLeases = () => db.$executeRaw`UPDATE "BookingEmail" SET "lockedUntil" = now() - interval '1 second'`;

  function breakTransport() {
    const file = path.join(env().DATA_DIR, "not-a-directory");
    fs.writeFileSync(file, "");
    setEnv({ EMAIL_OUTBOX_DIR: path.join(file, "outbox") });
  }

  it("stays leased after a failure and is sent by a later drain", async () => {
    const [first] = await confirmedBookings(1);
    await enqueue([{ kind: "confirmed", bookingId: first!.booking.id }]);
    const outboxDir = env().EMAIL_OUTBOX_DIR;
    breakTransport();
    expectLogged("warn", /^booking email failed, will retry .*"attempts":1,/);

    expect(await drainBookingEmails()).toBe(0);
    const [row] = await pendingRows();
    expect(row).toMatchObject({ attempts: 1 });
    expect(row!.lockedUntil).not.toBeNull();
    expect(await drainBookingEmails()).toBe(0); // leased: not claimed again before the lease ends
    expect((await pendingRows())[0]).toMatchObject({ attempts: 1 });

    setEnv({ EMAIL_OUTBOX_DIR: outboxDir });
    await endLeases();
    expect(await drainBookingEmails()).toBe(1);
    expect(emailsTo(first!.member.email)).toHaveLength(1);
    expect(await pendingRows()).toEqual([]);
  });

  it("is given up after 5 attempts, logged with the booking id, kind and error name only", async () => {
    const [first] = await confirmedBookings(1);
    await enqueue([{ kind: "confirmed", bookingId: first!.booking.id }]);
    breakTransport();
    const lines: string[] = [];
    setLogSink((line) => lines.push(line), "warn");
    expectLogged("warn", /^booking email failed, will retry/);
    expectLogged("error", /^booking email given up/);

    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await pendingRows()).toHaveLength(1);
      expect(await drainBookingEmails()).toBe(0);
      await endLeases();
    }
    expect(await pendingRows()).toEqual([]);
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.filter((record) => record.level === "warn")).toHaveLength(4);
    const given = records.filter((record) => record.level === "error");
    expect(given).toHaveLength(1);
    expect(given[0]).toMatchObject({
      msg: "booking email given up",
      bookingId: first!.booking.id,
      kind: "confirmed",
      attempts: 5,
    });
    expect(typeof given[0]!.errorName).toBe("string");
    expect(lines.join("\n")).not.toContain(first!.member.email);
  });
});

describe("the sender", () => {
  async function bookThroughApi() {
    const lesson = await createClass(tenant.accountId, { title: "Evening Flow" });
    const member = await createMember(tenant.accountId, "attendee");
    await grant(tenant.accountId, member.userId);
    const response = await api("POST", "/bookings", { token: member.token, body: { instanceId: lesson.id } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return member;
  }

  it("sends a booking's confirmation within moments, while other requests keep coming", async () => {
    startTheRunner();
    let sent = false;
    let served = 0;
    const traffic = (async () => {
      const until = Date.now() + 20_000;
      while (!sent && Date.now() < until) {
        await api("GET", "/health");
        served++;
        await new Promise((resolve) => setImmediate(resolve)); // the next request arrives as I/O, as from a socket
      }
    })();
    const member = await bookThroughApi();
    const servedAtBooking = served;

    const [email] = await waitForEmails(member.email, 1, 20_000);
    sent = true;
    await traffic;
    expect(email!.subject).toMatch(/^Booking bekræftet: Evening Flow, /);
    expect(served).toBeGreaterThan(servedAtBooking); // requests were being served all along
    // the row goes once its batch is sent, a moment after the email's file is written
    await expect.poll(async () => (await pendingRows()).length).toBe(0);
  });
});

describe("a process that dies between sending and deleting its batch", () => {
  /** The database, except that deleting sent rows fails: as if the process died right before it. */
  const dyingBeforeDelete: RawSql = {
    query: (statement) =>
      statement.text.startsWith("DELETE")
        ? Promise.reject(new Error("the process died"))
        : getDatabase().raw.query(statement),
  };
  const endLeases = () => db.$executeRaw`UPDATE "BookingEmail" SET "lockedUntil" = now() - interval '1 second'`;

  it("leaves its rows to the next drain, whose repeat writes the same outbox files again: one email each", async () => {
    const bookings = await confirmedBookings(3);
    await enqueue(bookings.map(({ booking }) => ({ kind: "confirmed" as const, bookingId: booking.id })));

    await expect(drainBookingEmails({ sql: dyingBeforeDelete })).rejects.toThrow("the process died");
    for (const { member } of bookings) expect(emailsTo(member.email)).toHaveLength(1);
    expect(await pendingRows()).toHaveLength(3);

    await endLeases(); // the dead process's lease runs out
    expect(await drainBookingEmails()).toBe(3);
    for (const { member } of bookings) expect(emailsTo(member.email)).toHaveLength(1);
    expect(await pendingRows()).toEqual([]);
  });

  it("a claim that fails while the batch before it renders: the drain fails, that batch is sent and settled, the rest waits", async () => {
    const bookings = await confirmedBookings(6);
    await enqueue(bookings.map(({ booking }) => ({ kind: "confirmed" as const, bookingId: booking.id })));
    let statements = 0;
    const failingSecondClaim: RawSql = {
      query: (statement) =>
        ++statements === 2 ? Promise.reject(new Error("connection lost")) : getDatabase().raw.query(statement),
    };

    await expect(drainBookingEmails({ batchSize: 3, sql: failingSecondClaim })).rejects.toThrow("connection lost");
    expect(bookings.filter(({ member }) => emailsTo(member.email).length === 1)).toHaveLength(3);
    expect(await pendingRows()).toHaveLength(3); // the sent three are deleted; the rest was never claimed

    await endLeases();
    expect(await drainBookingEmails()).toBe(3);
    for (const { member } of bookings) expect(emailsTo(member.email)).toHaveLength(1);
    expect(await pendingRows()).toEqual([]);
  });

  it("sends the repeat to Resend with the same idempotency key", async () => {
    const received: { key: string | undefined; to: unknown }[] = [];
    const resend = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        received.push({ key: request.headers["idempotency-key"] as string | undefined, to: JSON.parse(body).to });
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ id: `email-${received.length}` }));
      });
    });
    await new Promise<void>((resolve) => resend.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = resend.address() as AddressInfo;
      // the worker threads start after this (each test ends them), with this environment
      setEnv({ EMAIL_TRANSPORT: "resend", RESEND_API_KEY: "re_test", RESEND_BASE_URL: `http://127.0.0.1:${port}` });
      const [first] = await confirmedBookings(1);
      await enqueue([{ kind: "confirmed", bookingId: first!.booking.id }]);

      await expect(drainBookingEmails({ sql: dyingBeforeDelete })).rejects.toThrow("the process died");
      await endLeases();
      expect(await drainBookingEmails()).toBe(1);

      expect(received).toHaveLength(2);
      expect(received[0]!.key).toMatch(new RegExp(`^booking-${first!.booking.id}-confirmed-\\d+$`));
      expect(received[1]!.key).toBe(received[0]!.key);
      expect(received.map((call) => call.to)).toEqual([first!.member.email, first!.member.email]);
    } finally {
      await new Promise((resolve) => resend.close(resolve));
    }
  });
});

describe("a database that goes away", () => {
  it("a drain on a closed database is logged at warn, not thrown out of the sender", async () => {
    startTheRunner();
    const [first] = await confirmedBookings(1);
    await enqueue([{ kind: "confirmed", bookingId: first!.booking.id }]);
    const lines: string[] = [];
    setLogSink((line) => lines.push(line), "warn");
    // The wake on the closed database finds every kind of work unreachable, and says so for each.
    expectLogged("warn", /^booking emails not drained/);
    allowLogged("warn", JOBS_WITHOUT_A_DATABASE);
    const current = getDatabase();
    const closed = openPglite("memory://");
    await closed.close();
    useDatabase(closed);
    try {
      await expect(drainBookingEmails()).rejects.toThrow();
      wakeJobs();
      await expect.poll(() => lines.some((line) => line.includes("booking emails not drained"))).toBe(true);
    } finally {
      useDatabase(current);
    }
    wakeJobs(); // the next wake, on the database that is back, sends it
    await waitForEmails(first!.member.email);
  });
});
