// Import figures (issue 31 §1's aim): a people file of 50,000 rows (BENCH_IMPORT_ROWS to change it)
// uploaded through POST /imports (preview: every row read and checked) and committed through POST
// /imports/{id}/commit and the jobs runner's drain, in process, on embedded PGlite and, when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on PostgreSQL in a scratch database. Aims: preview
// ≤ 30 s, commit ≤ 60 s; the peak resident memory is printed beside them.
// Run: npm run bench   (or: BENCH_ONLY=imports npm run bench)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { progress, type Aim, type BenchResult, type Figure } from "./lib/measure";

const BENCH = "imports";
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000);
const PREVIEW_AIM_S = 30;
const COMMIT_AIM_S = 60;

function prepareEnvironment(): void {
  Object.assign(process.env, {
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    DEMO_MODE: "false",
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-")),
    APP_URL: "http://localhost:3000",
    EMAIL_TRANSPORT: "outbox",
  });
  delete process.env.DATABASE_URL;
}

/** A Danish studio's people as Excel saves them: semicolons, Danish headers, day-first dates. */
export function peopleFile(rows: number): Uint8Array<ArrayBuffer> {
  const lines = ["Fornavn;Efternavn;E-mail;Mobil;Fødselsdato;Noter"];
  for (let i = 0; i < rows; i++) {
    const day = String((i % 28) + 1).padStart(2, "0");
    const month = String((i % 12) + 1).padStart(2, "0");
    lines.push(
      `Person;Nummer ${i};person.${i}@example.com;+45 ${String(20_000_000 + i)};${day}-${month}-${1950 + (i % 55)};${i % 10 === 0 ? "Ny i 2026" : ""}`,
    );
  }
  return new TextEncoder().encode(lines.join("\r\n") + "\r\n");
}

type Target = { label: string; serverUrl?: string };

async function withDatabase<T>(target: Target, work: () => Promise<T>): Promise<T> {
  const { openPglite, openPostgres, migratePostgres } = await import("@/lib/db/client");
  const { applyMigrations } = await import("@/lib/db/migrate");
  const { useDatabase, closeDatabase } = await import("@/lib/db");
  if (!target.serverUrl) {
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
  const name = `studio_bench_imports_${process.pid}_${Date.now().toString(36)}`;
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

async function benchOn(target: Target, file: Uint8Array<ArrayBuffer>): Promise<BenchResult> {
  const { db } = await import("@/lib/db");
  const { createSession } = await import("@/lib/auth/create-session");
  const { holdJobs } = await import("@/lib/jobs/wake");
  const { commitWaitingImports } = await import("@/lib/imports/import-commit-jobs");
  const imports = await import("@/app/api/imports/route");
  const commitRoute = await import("@/app/api/imports/[importId]/commit/route");
  await holdJobs(); // the bench drains the commit itself, as the runner would
  const account = await db.account.create({
    data: { slug: "import-bench", name: "Import bench", timezone: "Europe/Copenhagen", locale: "da-DK" },
  });
  const user = await db.user.create({ data: { email: "owner@import-bench.example", displayName: "Owner" } });
  await db.membership.create({ data: { accountId: account.id, userId: user.id, persona: "administrator" } });
  const { token } = await createSession({ userId: user.id, accountId: account.id, kind: "bearer" });
  const headers = { authorization: `Bearer ${token}`, "content-type": "text/csv" };

  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  try {
    progress(BENCH, `${target.label}: preview of ${ROWS} people`);
    const previewStarted = performance.now();
    const previewed = await imports.POST(
      new Request("http://localhost:3000/api/imports?kind=people", { method: "POST", headers, body: file }),
      {
        params: Promise.resolve({}),
      },
    );
    const previewS = (performance.now() - previewStarted) / 1000;
    const body = (await previewed.json()) as { id: string; validRows: number };
    if (previewed.status !== 201 || body.validRows !== ROWS)
      throw new Error(`preview answered ${previewed.status}: ${JSON.stringify(body)}`);

    progress(BENCH, `${target.label}: commit`);
    const commitStarted = performance.now();
    const started = await commitRoute.POST(
      new Request(`http://localhost:3000/api/imports/${body.id}/commit`, {
        method: "POST",
        headers: { authorization: headers.authorization },
      }),
      { params: Promise.resolve({ importId: body.id }) },
    );
    if (started.status !== 202) throw new Error(`commit answered ${started.status}`);
    await commitWaitingImports({ untilNoneDue: true });
    const commitS = (performance.now() - commitStarted) / 1000;
    const committed = await db.import.findUniqueOrThrow({ where: { id: body.id } });
    const members = await db.membership.count({ where: { accountId: account.id, persona: "attendee" } });
    if (committed.status !== "committed" || members !== ROWS)
      throw new Error(`commit ended ${committed.status} with ${members} members`);

    const rssMb = Math.round(peakRss / 1024 / 1024);
    const figures: Figure[] = [
      {
        bench: BENCH,
        measure: `${target.label}: preview ${ROWS} people (${(file.byteLength / 1024 / 1024).toFixed(1)} MB)`,
        value: `${previewS.toFixed(1)} s`,
      },
      { bench: BENCH, measure: `${target.label}: commit ${ROWS} people`, value: `${commitS.toFixed(1)} s` },
      { bench: BENCH, measure: `${target.label}: peak resident memory`, value: `${rssMb} MB` },
    ];
    const aims: Aim[] = [
      {
        aim: `${target.label}: preview ${ROWS} people ≤ ${PREVIEW_AIM_S} s`,
        figure: `${previewS.toFixed(1)} s`,
        holds: previewS <= PREVIEW_AIM_S,
      },
      {
        aim: `${target.label}: commit ${ROWS} people ≤ ${COMMIT_AIM_S} s`,
        figure: `${commitS.toFixed(1)} s`,
        holds: commitS <= COMMIT_AIM_S,
      },
    ];
    return { figures, aims };
  } finally {
    clearInterval(sampler);
  }
}

export async function benchImports(): Promise<BenchResult> {
  prepareEnvironment();
  const file = peopleFile(ROWS);
  const targets: Target[] = [{ label: "PGlite" }];
  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (serverUrl) targets.push({ label: "PostgreSQL", serverUrl });
  else progress(BENCH, "PostgreSQL skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)");
  const result: BenchResult = { figures: [], aims: [] };
  for (const target of targets) {
    const { figures, aims } = await withDatabase(target, () => benchOn(target, file));
    result.figures.push(...figures);
    result.aims.push(...aims);
  }
  return result;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { printAims, printFigures } = await import("./lib/measure");
  const { figures, aims } = await benchImports();
  printFigures(figures);
  printAims(aims);
}
