// What the API answers while PostgreSQL cannot be reached (docs/decisions/0008): this process's
// database is pointed at a port where nothing listens, as when the server is stopped. On both test
// databases: the stopped one is always PostgreSQL. database-recovery.test.ts has the way back.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDatabase, useDatabase } from "@/lib/db";
import { openPostgres } from "@/lib/db/client";
import { setLogSink, type LogRecord } from "@/lib/log";
import { api, type ApiOptions } from "@/tests/helpers/api";
import { closedPort } from "@/tests/helpers/fake-postgres";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { JOBS_WITHOUT_A_DATABASE, allowLogged, expectLogged } from "@/tests/helpers/logs";
import { createClass, grant, type TestClass } from "./bookings/booking-test-data";

let tenant: TestTenant;
let attendee: TestMember;
let lesson: TestClass;
let records: LogRecord[] = [];

beforeAll(async () => {
  tenant = await createTenant();
  attendee = await createMember(tenant.accountId, "attendee");
  lesson = await createClass(tenant.accountId);
  await grant(tenant.accountId, attendee.userId);
});

afterEach(() => setLogSink(undefined));

/** Runs `work` with this process's database on a port where nothing listens, and puts it back. */
async function whileDatabaseStopped<T>(work: () => Promise<T>): Promise<T> {
  const running = getDatabase();
  const stopped = openPostgres(`postgres://postgres@127.0.0.1:${await closedPort()}/studio`, 4);
  records = [];
  setLogSink((line) => records.push(JSON.parse(line) as LogRecord), "info");
  // The outage (logged once for the process: by whichever test meets it first) and the jobs runner,
  // woken by the requests, finding no database either.
  allowLogged("error", /^database unreachable/);
  allowLogged("warn", JOBS_WITHOUT_A_DATABASE);
  useDatabase(stopped);
  try {
    return await work();
  } finally {
    useDatabase(running);
    await stopped.close();
  }
}

describe("while PostgreSQL cannot be reached", () => {
  it("every API operation answers 503 Service unavailable with Retry-After, and the outage is logged once", async () => {
    expectLogged("error", /^database unreachable/);
    const operations: [string, string, ApiOptions][] = [
      ["GET", `/public/accounts/${tenant.slug}`, {}],
      ["GET", `/public/accounts/${tenant.slug}/events`, {}],
      ["GET", "/me", { token: attendee.token }],
      ["GET", "/me/bookings", { token: attendee.token }],
      ["GET", "/groups", { token: tenant.admin.token }],
      ["POST", "/bookings", { token: attendee.token, body: { instanceId: lesson.id } }],
      ["POST", "/groups", { token: tenant.admin.token, body: { name: "Morning" } }],
      ["POST", "/auth/magic-links", { body: { email: attendee.email, accountId: tenant.accountId } }],
    ];
    const replies = await whileDatabaseStopped(async () => {
      const answered = [];
      for (let round = 0; round < 5; round++) {
        for (const [method, path, options] of operations) {
          const response = await api(method, path, options);
          answered.push({
            operation: `${method} ${path}`,
            status: response.status,
            body: response.body as unknown,
            retryAfter: response.headers.get("retry-after"),
          });
        }
      }
      return answered;
    });

    for (const { operation, ...reply } of replies) {
      expect(reply, operation).toEqual({ status: 503, body: { error: "Service unavailable" }, retryAfter: "1" });
    }
    // One line for the outage, not one per request (40 of them); no error line of any other kind.
    expect(records.filter((record) => record.msg === "database unreachable")).toEqual([
      expect.objectContaining({ level: "error", signal: expect.any(String) }),
    ]);
    expect(records.filter((record) => record.level === "error" && record.msg !== "database unreachable")).toEqual([]);
    expect(records.filter((record) => record.msg === "request")).toHaveLength(replies.length);
  });

  it("GET /health/ready keeps the contract's 500 Database unavailable; GET /health answers ok", async () => {
    const [ready, live] = await whileDatabaseStopped(async () => [
      await api("GET", "/health/ready"),
      await api("GET", "/health"),
    ]);
    expect(ready).toMatchObject({ status: 500, body: { error: "Database unavailable" } });
    expect(live).toMatchObject({ status: 200, body: { status: "ok" } });
    expect(records.filter((record) => record.level === "warn" || record.level === "error").length).toBeLessThanOrEqual(
      1,
    );
  });

  it("answers again once the database is back", async () => {
    const response = await api("GET", "/me", { token: attendee.token });
    expect(response.status).toBe(200);
  });
});
