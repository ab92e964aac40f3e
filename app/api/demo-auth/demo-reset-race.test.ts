// Demo sign-ins while the demo is being reset (issue 43 §6.4): a sign-in that read the old demo
// tenant and then saw it replaced answered 500 (its session referred to deleted rows) or 404. It
// must sign in to the new tenant, or answer 503 with Retry-After; never 500. On PostgreSQL the
// reset is also made to commit at the worst moment, between a sign-in's reads and its write; on
// PGlite (one connection) the burst runs one statement at a time.
import pg from "pg";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { DEMO_FIXTURE, DEMO_SLUG } from "@/lib/demo/demo-fixture";
import { resetDemo } from "@/lib/demo/reset-demo";
import { seedDemo } from "@/lib/demo/seed-demo";
import { api } from "@/tests/helpers/api";

const databaseUrl = process.env.TEST_DATABASE_FILE_URL;
const DEMO_WITHOUT_PAST = { ...DEMO_FIXTURE, history: { ...DEMO_FIXTURE.history, weeks: 0, regulars: [] } };

beforeEach(async () => {
  const seeded = await seedDemo({ fixture: DEMO_WITHOUT_PAST });
  if (!seeded.seeded) await resetDemo({ fixture: DEMO_WITHOUT_PAST });
});

const demoAccountId = async () =>
  (await db.account.findFirstOrThrow({ where: { slug: DEMO_SLUG, isDemo: true }, select: { id: true } })).id;

const signIn = (persona: string) => api("POST", "/demo-auth/session", { body: { persona } });

/** Sign-in answers: 201 with a session of the demo tenant as it is now, or 503 with Retry-After. */
async function expectSignedInOrRetry(responses: Awaited<ReturnType<typeof signIn>>[]) {
  const accountId = await demoAccountId();
  for (const response of responses) {
    if (response.status === 503) {
      expect(response.headers.get("retry-after")).toBe("1");
      continue;
    }
    expect(response.status, response.text).toBe(201);
  }
  const signedIn = responses.filter((response) => response.status === 201);
  // The sessions that outlived the reset are the new tenant's.
  const sessions = await db.session.findMany({ where: { kind: "demo" }, select: { accountId: true } });
  expect(sessions.every((session) => session.accountId === accountId)).toBe(true);
  return signedIn.length;
}

describe("demo sign-ins during a demo reset", () => {
  it("sign-ins of every persona racing a reset: none answers 500", async () => {
    const personas = ["administrator", "teacher", "attendee"];
    const [responses] = await Promise.all([
      Promise.all(
        Array.from({ length: 30 }, async (_, i) => {
          await new Promise((resolve) => setTimeout(resolve, i * 3));
          return signIn(personas[i % 3]!);
        }),
      ),
      resetDemo({ fixture: DEMO_WITHOUT_PAST }),
    ]);
    expect(
      responses
        .filter((response) => response.status >= 500 && response.status !== 503)
        .map((response) => response.text),
    ).toEqual([]);
    await expectSignedInOrRetry(responses);
  });

  it.runIf(databaseUrl)(
    "on PostgreSQL, the reset commits between a sign-in's reads and its session's insert: 201 in the new tenant",
    async () => {
      const oldAccountId = await demoAccountId();
      // Holds the demo account row, so that the reset's delete waits first, then the sign-in's insert
      // (its foreign key check) waits behind it; released, the reset commits before the insert goes on.
      const holder = new pg.Client({ connectionString: databaseUrl });
      await holder.connect();
      /** The statements of other connections that wait for a lock (the holder's snapshot of them dropped first). */
      const waiting = async () =>
        (
          await holder.query<{ query: string }>("SELECT pg_stat_clear_snapshot()").then(() =>
            holder.query<{ query: string }>(
              `SELECT query FROM pg_stat_activity
              WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
            ),
          )
        ).rows.map((row) => /^\s*(\w+ \w+ "public"\."\w+")/.exec(row.query)?.[1] ?? row.query.slice(0, 60));
      try {
        await holder.query("BEGIN");
        await holder.query(`SELECT 1 FROM "Account" WHERE id = $1 FOR UPDATE`, [oldAccountId]);
        const reset = resetDemo({ fixture: DEMO_WITHOUT_PAST });
        await expect.poll(waiting, { timeout: 10_000, interval: 20 }).toEqual(['DELETE FROM "public"."Account"']);
        const signedIn = signIn("administrator");
        await expect
          .poll(async () => (await waiting()).sort(), { timeout: 10_000, interval: 20 })
          .toEqual(['DELETE FROM "public"."Account"', 'INSERT INTO "public"."Session"']);
        await holder.query("COMMIT");
        const [{ accountId: newAccountId }, response] = await Promise.all([reset, signedIn]);

        expect(response.status, response.text).toBe(201);
        const session = await db.session.findFirstOrThrow({ where: { kind: "demo", userId: response.body.userId } });
        expect(session.accountId).toBe(newAccountId);
        expect(newAccountId).not.toBe(oldAccountId);
      } finally {
        await holder.end();
      }
    },
  );
});
