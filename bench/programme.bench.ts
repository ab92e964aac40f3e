// Programme figures, through the real route handlers called in-process (no HTTP server):
//   (a) recurrence expansion to the 500-occurrence cap (bench/recurrence.bench.ts);
//   (b) GET /instances for one week of a studio with 30 weekly series (another studio of the same size
//       shares the tables), median and p95, beside GET /health as the framework's own floor;
//   (c) GET /public/accounts/{slug}/events of that studio (90 days, teachers' names, spots left);
//   (d) POST /events/{eventId}/series creating 500 occurrences, median of a few runs;
//   (e) PATCH /series/{seriesId} moving all 500 future occurrences to a new local time;
//   (f) seeding the demo studio (people, programme) on an empty database.
// (b)–(f) run on embedded PGlite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on
// PostgreSQL in a scratch database that is migrated first and dropped after.
// Run: npm run bench   (or: npx tsx --conditions=react-server bench/programme.bench.ts)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { callRoute, formatStats, progress, stats, type Figure } from "./lib/measure";
import { benchRecurrence } from "./recurrence.bench";

const BENCH = "programme";
const SERIES_PER_STUDIO = 30;
const WEEKS_PER_SERIES = 52;
const LIST_WARMUP = 30;
const LIST_RUNS = 300;
const CREATE_RUNS = 7;
const EDIT_RUNS = 5;

/** The environment of an in-process app: quiet logs, no demo endpoints, the database installed by us. */
export function prepareEnvironment(): void {
  Object.assign(process.env, {
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    DEMO_MODE: "false",
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-")),
    APP_URL: "http://localhost:3000",
  });
  delete process.env.DATABASE_URL;
}

export type Target = { label: string; kind: "pglite" } | { label: string; kind: "postgres"; serverUrl: string };

export function targets(bench = BENCH): Target[] {
  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  const list: Target[] = [{ label: "PGlite", kind: "pglite" }];
  if (serverUrl) list.push({ label: "PostgreSQL", kind: "postgres", serverUrl });
  else progress(bench, "PostgreSQL skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)");
  return list;
}

/** Opens a fresh, migrated database, installs it as the app's database, runs `work`, cleans up. */
export async function withDatabase<T>(target: Target, work: () => Promise<T>): Promise<T> {
  const { openPglite, openPostgres, migratePostgres } = await import("@/lib/db/client");
  const { applyMigrations } = await import("@/lib/db/migrate");
  const { useDatabase, closeDatabase } = await import("@/lib/db");
  if (target.kind === "pglite") {
    const database = openPglite("memory://");
    await applyMigrations(database.sql);
    useDatabase(database);
    try {
      return await work();
    } finally {
      await closeDatabase();
    }
  }
  const pg = (await import("pg")).default;
  const name = `studio_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: target.serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(target.serverUrl);
  url.pathname = `/${name}`;
  try {
    await migratePostgres(url.toString());
    useDatabase(openPostgres(url.toString(), 10));
    return await work();
  } finally {
    await closeDatabase();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

/** An account with an administrator holding a Bearer session. */
async function createStudio(slug: string): Promise<{ accountId: string; slug: string; userId: string; token: string }> {
  const { db } = await import("@/lib/db");
  const { createSession } = await import("@/lib/auth/create-session");
  const account = await db.account.create({ data: { slug, name: slug, timezone: "Europe/Copenhagen", locale: "da-DK" } });
  const user = await db.user.create({ data: { email: `admin@${slug}.test`, displayName: "Admin" } });
  await db.membership.create({ data: { accountId: account.id, userId: user.id, persona: "administrator" } });
  const { token } = await createSession({ userId: user.id, accountId: account.id, kind: "bearer" });
  return { accountId: account.id, slug, userId: user.id, token };
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const DAY = 86_400_000;

async function benchOn(target: Target): Promise<Figure[]> {
  const routes = {
    health: await import("@/app/api/health/route"),
    events: await import("@/app/api/events/route"),
    eventSeries: await import("@/app/api/events/[eventId]/series/route"),
    instances: await import("@/app/api/instances/route"),
    series: await import("@/app/api/series/[seriesId]/route"),
    publicEvents: await import("@/app/api/public/accounts/[slug]/events/route"),
  };
  const figures: Figure[] = [];
  const label = target.label;

  // ---- a studio with 30 weekly series (26 weeks back, 26 ahead) and a second one as large
  progress(BENCH, `${label}: two studios with ${SERIES_PER_STUDIO} weekly series of ${WEEKS_PER_SERIES} occurrences each`);
  const startsOn = isoDate(new Date(Date.now() - 26 * 7 * DAY));
  const studios = [await createStudio(`bench-a-${Date.now()}`), await createStudio(`bench-b-${Date.now()}`)];
  for (const studio of studios) {
    const eventIds: string[] = [];
    for (let e = 0; e < 10; e++) {
      const created = await callRoute(routes.events, "POST", "/events", {
        token: studio.token,
        body: { title: `Class ${e}`, durationMinutes: 60, capacity: 20, teacherIds: [studio.userId] },
      });
      if (created.status !== 201) throw new Error(`POST /events answered ${created.status}`);
      eventIds.push((created.body as { id: string }).id);
    }
    for (let s = 0; s < SERIES_PER_STUDIO; s++) {
      const eventId = eventIds[s % eventIds.length]!;
      const hour = String(6 + (s % 15)).padStart(2, "0");
      const created = await callRoute(routes.eventSeries, "POST", `/events/${eventId}/series`, {
        token: studio.token,
        params: { eventId },
        body: { frequency: "weekly", weekdays: [s % 7], localStartTime: `${hour}:${s % 2 ? "30" : "00"}`, startsOn, count: WEEKS_PER_SERIES },
      });
      if (created.status !== 201) throw new Error(`POST /events/{eventId}/series answered ${created.status}`);
    }
  }

  // ---- (b) GET /instances for one week, beside GET /health
  const studio = studios[0]!;
  const from = new Date(Date.now() + DAY).toISOString();
  const to = new Date(Date.now() + 8 * DAY).toISOString();
  const listPath = `/instances?from=${from}&to=${to}`;
  const first = await callRoute(routes.instances, "GET", listPath, { token: studio.token });
  const listed = (first.body as unknown[]).length;
  if (first.status !== 200 || listed !== SERIES_PER_STUDIO) throw new Error(`GET /instances: ${first.status}, ${listed} instances`);
  progress(BENCH, `${label}: GET /instances for one week (${listed} instances), ${LIST_RUNS} runs`);
  for (let i = 0; i < LIST_WARMUP; i++) {
    await callRoute(routes.instances, "GET", listPath, { token: studio.token });
    await callRoute(routes.health, "GET", "/health");
  }
  const listMs: number[] = [];
  const healthMs: number[] = [];
  for (let i = 0; i < LIST_RUNS; i++) {
    listMs.push((await callRoute(routes.instances, "GET", listPath, { token: studio.token })).ms);
    healthMs.push((await callRoute(routes.health, "GET", "/health")).ms);
  }
  figures.push(
    { bench: BENCH, measure: `${label}: GET /instances, 1 week of 30 series`, value: formatStats(stats(listMs)) },
    { bench: BENCH, measure: `${label}: GET /health (floor, same run)`, value: formatStats(stats(healthMs)) },
  );

  // ---- (c) the public schedule of the 30-series studio: 90 days ahead
  const publicPath = `/public/accounts/${studio.slug}/events`;
  const publicFirst = await callRoute(routes.publicEvents, "GET", publicPath, { params: { slug: studio.slug } });
  const publicCount = (publicFirst.body as { instances: unknown[] }).instances.length;
  if (publicFirst.status !== 200 || publicCount === 0) throw new Error(`GET public events: ${publicFirst.status}, ${publicCount}`);
  progress(BENCH, `${label}: GET /public/accounts/{slug}/events (${publicCount} instances), ${LIST_RUNS} runs`);
  for (let i = 0; i < LIST_WARMUP; i++) await callRoute(routes.publicEvents, "GET", publicPath, { params: { slug: studio.slug } });
  const publicMs: number[] = [];
  for (let i = 0; i < LIST_RUNS; i++) publicMs.push((await callRoute(routes.publicEvents, "GET", publicPath, { params: { slug: studio.slug } })).ms);
  figures.push({ bench: BENCH, measure: `${label}: GET public events, 90 days (${publicCount} inst.)`, value: formatStats(stats(publicMs)) });

  // ---- (d) POST /events/{eventId}/series with 500 occurrences
  progress(BENCH, `${label}: POST /events/{eventId}/series with 500 occurrences, ${CREATE_RUNS} runs`);
  const event = await callRoute(routes.events, "POST", "/events", { token: studio.token, body: { title: "Daily", durationMinutes: 45 } });
  const eventId = (event.body as { id: string }).id;
  const createMs: number[] = [];
  const seriesIds: string[] = [];
  for (let run = 0; run < CREATE_RUNS; run++) {
    const created = await callRoute(routes.eventSeries, "POST", `/events/${eventId}/series`, {
      token: studio.token,
      params: { eventId },
      body: { frequency: "daily", localStartTime: "07:00", startsOn: isoDate(new Date(Date.now() + 2 * DAY)), count: 500 },
    });
    const body = created.body as { series: { id: string }; instances: unknown[] };
    if (created.status !== 201 || body.instances.length !== 500) throw new Error(`POST series answered ${created.status}`);
    createMs.push(created.ms);
    seriesIds.push(body.series.id);
  }
  figures.push({ bench: BENCH, measure: `${label}: POST series, 500 occurrences`, value: formatStats(stats(createMs)) });

  // ---- (e) PATCH /series/{seriesId}: a new local time for all 500 future occurrences
  progress(BENCH, `${label}: PATCH /series/{seriesId} retiming 500 occurrences, ${EDIT_RUNS} runs`);
  const editMs: number[] = [];
  for (let run = 0; run < EDIT_RUNS; run++) {
    const seriesId = seriesIds[run % seriesIds.length]!;
    const edited = await callRoute(routes.series, "PATCH", `/series/${seriesId}`, {
      token: studio.token,
      params: { seriesId },
      body: { localStartTime: "08:15" },
    });
    if (edited.status !== 200) throw new Error(`PATCH series answered ${edited.status}`);
    editMs.push(edited.ms);
  }
  figures.push({ bench: BENCH, measure: `${label}: PATCH series, retime 500 occurrences`, value: formatStats(stats(editMs)) });

  // ---- (f) the demo studio
  progress(BENCH, `${label}: seeding the demo studio`);
  const { seedDemo } = await import("@/lib/demo/seed-demo");
  const seedStarted = performance.now();
  const seeded = await seedDemo();
  const seedMs = Math.round(performance.now() - seedStarted);
  if (!seeded.seeded) throw new Error("the demo studio was not seeded");
  const { db } = await import("@/lib/db");
  const demoInstances = await db.instance.count({ where: { accountId: seeded.accountId } });
  figures.push({ bench: BENCH, measure: `${label}: seed demo studio (${demoInstances} instances)`, value: `${seedMs} ms` });
  return figures;
}

export async function benchProgramme(): Promise<Figure[]> {
  prepareEnvironment();
  progress(BENCH, "recurrence expansion");
  const recurrence = await benchRecurrence();
  const figures: Figure[] = [
    { bench: BENCH, measure: "expandSeries, weekly to 500 occurrences", value: formatStats(recurrence) },
  ];
  for (const target of targets()) {
    figures.push(...(await withDatabase(target, () => benchOn(target))));
  }
  return figures;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { printFigures } = await import("./lib/measure");
  printFigures(await benchProgramme());
}
