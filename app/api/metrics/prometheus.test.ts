import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sendWaitingSignInEmails } from "@/lib/auth/sign-in-email-jobs";
import { getDatabase, useDatabase } from "@/lib/db";
import { openPostgres } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { stopJobs } from "@/lib/jobs/wake";
import { fakePostgres } from "@/tests/helpers/fake-postgres";
import { api } from "@/tests/helpers/api";
import { createTenant } from "@/tests/helpers/fixtures";
import { waitForEmails } from "@/tests/helpers/outbox";
import { JOBS_WITHOUT_A_DATABASE, allowLogged, expectLogged } from "@/tests/helpers/logs";

const scrape = async (query = "?format=prometheus") => (await api("GET", `/metrics${query}`)).text;

/** The value of one sample line (`name{labels} value`), or undefined when the line is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const labelValues = (text: string) =>
  [...text.matchAll(/^[a-z_:][a-z0-9_:]*\{([^}]*)\}/gim)].flatMap((match) =>
    [...match[1]!.matchAll(/="((?:[^"\\]|\\.)*)"/g)].map((value) => value[1]!),
  );

/** A person's sign-in links whose email is neither sent nor given up yet. */
async function unsentLinks(userId: string): Promise<number> {
  const [row] = await getDatabase().sql.query(
    `SELECT count(*)::int AS "unsent" FROM "MagicLink" WHERE "userId" = $1 AND "sealedToken" IS NOT NULL`,
    [userId],
  );
  return row!.unsent as number;
}

const METRIC_NAMES = [
  "process_resident_memory_bytes",
  "nodejs_heap_size_used_bytes",
  "nodejs_heap_size_total_bytes",
  "nodejs_heap_size_limit_bytes",
  "nodejs_eventloop_lag_seconds",
  "nodejs_gc_duration_seconds",
  "http_request_duration_seconds",
  "jobs_waiting",
  "jobs_oldest_age_seconds",
  "jobs_given_up_total",
  "emails_sent_total",
  "emails_failed_total",
  "db_pool_waiting",
  "db_pool_wait_timeouts_total",
  "db_embedded_memory_bytes",
];

describe("GET /metrics in Prometheus' text format", () => {
  it("answers the JSON counters unless the text is asked for", async () => {
    for (const accept of [
      undefined,
      "*/*",
      "application/json",
      "application/json, text/plain, */*",
      "text/html,*/*;q=0.8",
    ]) {
      const response = await api("GET", "/metrics", { headers: accept ? { accept } : {} });
      expect(response.status, accept).toBe(200);
      expect(response.headers.get("content-type"), accept).toContain("application/json");
      expect(Object.keys(response.body).sort()).toEqual([
        "errorsTotal",
        "requestDurationMsTotal",
        "requestsTotal",
        "routes",
      ]);
    }
    const explicit = await api("GET", "/metrics?format=json", { headers: { accept: "text/plain" } });
    expect(explicit.headers.get("content-type")).toContain("application/json");
  });

  it("answers the text format for Accept: text/plain, Prometheus' own Accept and ?format=prometheus", async () => {
    const prometheusAccept =
      "application/openmetrics-text;version=1.0.0;q=0.5,text/plain;version=0.0.4;q=0.3,*/*;q=0.2";
    for (const [query, accept] of [
      ["", "text/plain"],
      ["", prometheusAccept],
      ["?format=prometheus", undefined],
    ] as const) {
      const response = await api("GET", `/metrics${query}`, { headers: accept ? { accept } : {} });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-store");
      for (const name of METRIC_NAMES) expect(response.text, `${query} ${accept}`).toContain(`# TYPE ${name} `);
    }
    const text = await scrape();
    expect(sample(text, "nodejs_heap_size_limit_bytes")).toBeGreaterThan(sample(text, "nodejs_heap_size_used_bytes")!);
    expect(sample(text, "db_pool_waiting")).toBe(0);
  });

  it("reports the embedded database's WebAssembly memory, and 0 on PostgreSQL", async () => {
    await getDatabase().sql.query("SELECT 1"); // the file's database opened
    const memory = sample(await scrape(), "db_embedded_memory_bytes")!;
    if (getDatabase().kind === "pglite") expect(memory).toBeGreaterThan(16 * 1024 * 1024);
    else expect(memory).toBe(0);
  });

  it("refuses a format it does not know", async () => {
    const response = await api("GET", "/metrics?format=xml");
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("Validation failed");
  });

  it("times each request by its method, route pattern and status class, never by its path's ids", async () => {
    const tenant = await createTenant();
    const group = await api("POST", "/groups", { token: tenant.admin.token, body: { name: "Morning" } });
    expect(group.status).toBe(201);
    const missing = randomUUID();
    const series = (statusClass: string) =>
      `http_request_duration_seconds_count{method="PATCH",route="/groups/{groupId}",status_class="${statusClass}"}`;
    const before = await scrape();

    const rename = { token: tenant.admin.token, body: { name: "Evening" } };
    expect((await api("PATCH", `/groups/${group.body.id}`, rename)).status).toBe(200);
    expect((await api("PATCH", `/groups/${missing}`, rename)).status).toBe(404);
    await api("GET", `/no/such/${encodeURIComponent(tenant.admin.email)}`);

    const text = await scrape();
    expect((sample(text, series("2xx")) ?? 0) - (sample(before, series("2xx")) ?? 0)).toBe(1);
    expect((sample(text, series("4xx")) ?? 0) - (sample(before, series("4xx")) ?? 0)).toBe(1);
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="0\.005",method="PATCH",route="\/groups\/\{groupId\}",status_class="2xx"\} \d+$/m,
    );
    expect(
      sample(text, `http_request_duration_seconds_count{method="GET",route="unknown path",status_class="4xx"}`),
    ).toBeGreaterThan(0);
    expect(sample(text, `http_request_duration_seconds_count{method="POST",route="/groups",status_class="2xx"}`)).toBe(
      1,
    );
    for (const value of labelValues(text)) {
      expect(value).not.toMatch(UUID);
      expect(value).not.toContain("@");
    }
    expect(text).not.toContain(group.body.id);
    expect(text).not.toContain(missing);
    expect(text).not.toContain(tenant.admin.email);
    expect(text).not.toContain(tenant.admin.token);
  });

  it("counts the rows waiting in each job kind and the age of the oldest", async () => {
    const tenant = await createTenant();
    const kinds = [
      "sign_in_emails",
      "booking_emails",
      "webhook_deliveries",
      "notice_emails",
      "receipt_emails",
      "import_commits",
      "dinero_vouchers",
      "gift_card_emails",
    ];
    const before = await scrape();
    for (const kind of kinds) {
      expect(sample(before, `jobs_waiting{kind="${kind}"}`), kind).toBeGreaterThanOrEqual(0);
      expect(sample(before, `jobs_oldest_age_seconds{kind="${kind}"}`), kind).toBeGreaterThanOrEqual(0);
      expect(sample(before, `jobs_given_up_total{kind="${kind}"}`), kind).toBeGreaterThanOrEqual(0);
    }
    expect(sample(before, `jobs_waiting{kind="import_commits"}`)).toBe(0);
    expect(sample(before, `jobs_oldest_age_seconds{kind="import_commits"}`)).toBe(0);

    // An import being committed, written an hour ago and leased by another process for a day: it
    // waits (no runner here may claim it) until this test ends.
    await getDatabase().sql.query(
      `INSERT INTO "Import" ("id", "accountId", "kind", "status", "source", "headers", "fields", "dateFormat", "createdAt", "lockedUntil")
       VALUES ($1, $2, 'people', 'committing', 'generic', '{}', '{}', 'iso',
         (now() AT TIME ZONE 'UTC') - interval '1 hour', (now() AT TIME ZONE 'UTC') + interval '1 day')`,
      [randomUUID(), tenant.accountId],
    );
    const text = await scrape();
    expect(sample(text, `jobs_waiting{kind="import_commits"}`)).toBe(1);
    const age = sample(text, `jobs_oldest_age_seconds{kind="import_commits"}`)!;
    expect(age).toBeGreaterThanOrEqual(3600);
    expect(age).toBeLessThan(3600 + 120);
    expect(sample(text, `jobs_given_up_total{kind="import_commits"}`)).toBe(0);
  });

  it("counts emails sent, failed attempts and rows given up", async () => {
    const tenant = await createTenant();
    const before = await scrape();

    const asked = await api("POST", "/auth/magic-links", {
      body: { email: tenant.admin.email, accountId: tenant.accountId },
    });
    expect(asked.status).toBe(202);
    await waitForEmails(tenant.admin.email);
    // the file is written before the drain hears of it: counted once the link's row is settled
    await expect.poll(() => unsentLinks(tenant.admin.userId)).toBe(0);
    // A sign-in email on its last attempt whose token no key unseals: this attempt fails and gives it up.
    expectLogged("error", /^magic link email given up .*"errorName":"UnsealFailed"/);
    await getDatabase().sql.query(
      `INSERT INTO "MagicLink" ("tokenHash", "userId", "accountId", "expiresAt", "sealedToken", "attempts")
       VALUES ($1, $2, $3, (now() AT TIME ZONE 'UTC') + interval '10 minutes', 'not-a-sealed-token', 3)`,
      [`metrics-${randomUUID()}`, tenant.admin.userId, tenant.accountId],
    );
    await sendWaitingSignInEmails();
    await expect.poll(() => unsentLinks(tenant.admin.userId)).toBe(0); // or the runner's sweep took it first

    const text = await scrape();
    expect(sample(text, "emails_sent_total")! - sample(before, "emails_sent_total")!).toBe(1);
    expect(sample(text, "emails_failed_total")! - sample(before, "emails_failed_total")!).toBe(1);
    const givenUp = `jobs_given_up_total{kind="sign_in_emails"}`;
    expect(sample(text, givenUp)! - sample(before, givenUp)!).toBe(1);
  });

  it("counts the waits for a pooled connection, and answers while the database does not", async () => {
    const previousTimeout = process.env.DATABASE_POOL_TIMEOUT_MS;
    process.env.DATABASE_POOL_TIMEOUT_MS = "300"; // read by openPostgres
    resetEnvCache();
    const server = await fakePostgres("stalled"); // answers no query
    // The scrape's reading of the waiting jobs times out; a wake of the jobs runner meanwhile finds the
    // database as stalled, and closing the fake server is an outage.
    expectLogged("warn", /^waiting jobs not read for the metrics/);
    allowLogged("warn", JOBS_WITHOUT_A_DATABASE);
    allowLogged("error", /^database unreachable/);
    const stalled = openPostgres(server.url, 1);
    const previous = getDatabase();
    useDatabase(stalled);
    try {
      const holding = stalled.raw.query({ text: "SELECT 1", values: [] }).catch((error: unknown) => error);
      const waiting = stalled.raw.query({ text: "SELECT 1", values: [] }).catch((error: unknown) => error);
      const during = await api("GET", "/metrics?format=prometheus");
      expect(during.status).toBe(200);
      expect(sample(during.text, "db_pool_waiting")).toBeGreaterThanOrEqual(1);
      expect(sample(during.text, "process_resident_memory_bytes")).toBeGreaterThan(0);
      expect(during.text).toContain("# TYPE jobs_waiting gauge");
      expect(during.text).not.toContain("jobs_waiting{"); // its statement waited in vain too
      expect(String(await waiting)).toContain("timeout exceeded when trying to connect");
      // the waiting query's and the scrape's own statement's (the jobs runner's sweep may add its own)
      expect(stalled.pool().waitTimeouts).toBeGreaterThanOrEqual(2);
      const after = await scrape();
      expect(sample(after, "db_pool_wait_timeouts_total")).toBeGreaterThanOrEqual(2);
      await server.close(); // ends the held query, which gives its connection back
      await holding;
    } finally {
      useDatabase(previous);
      // a run of the jobs runner begun on the stalled database ends (and tells its failures) within this test
      await stopJobs();
      await server.close();
      await stalled.close();
      if (previousTimeout === undefined) delete process.env.DATABASE_POOL_TIMEOUT_MS;
      else process.env.DATABASE_POOL_TIMEOUT_MS = previousTimeout;
      resetEnvCache();
    }
    expect(sample(await scrape(), "db_pool_waiting")).toBe(0);
  });
});
