// GET /exports/studio.zip of a big studio (issue 31 §2's aim: 50,000 people in ≤ 60 s), through the
// real route handler called in-process (no HTTP server), the archive read to its end as a client
// would; the heap's peak while it streams shows that memory stays bounded. On embedded PGlite and,
// when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on PostgreSQL in a scratch database.
// Run: npm run bench   (BENCH_ONLY=studio-export for this one alone)
import { pathToFileURL } from "node:url";
import { unzipSync } from "fflate";
import { progress, type Aim, type BenchResult, type Figure } from "./lib/measure";
import { prepareEnvironment, targets, withDatabase, type Target } from "./programme.bench";

const BENCH = "studio-export";
// BENCH_EXPORT_PEOPLE: a smaller studio for a quick try of the bench itself (the aim is for 50,000)
const PEOPLE = Number(process.env.BENCH_EXPORT_PEOPLE ?? 50_000);
const CLASSES = 500;
const AIM_SECONDS = 60;
const CHUNK = 5_000;

async function seed(): Promise<{ token: string }> {
  const { db } = await import("@/lib/db");
  const { createSession } = await import("@/lib/auth/create-session");
  const account = await db.account.create({
    data: { slug: "export-bench", name: "Export Bench", timezone: "Europe/Copenhagen", locale: "da-DK" },
  });
  const admin = await db.user.create({ data: { email: "owner@export-bench.example", displayName: "Owner" } });
  await db.membership.create({ data: { accountId: account.id, userId: admin.id, persona: "administrator" } });
  const product = await db.product.create({
    data: { accountId: account.id, type: "class_pass", name: "10 klip", classAllowance: 10, status: "active" },
  });
  const event = await db.event.create({
    data: { accountId: account.id, title: "Morgenyoga", durationMinutes: 60, capacity: 200, status: "published" },
  });
  const start = Date.UTC(2026, 0, 5, 7);
  const classes = await db.instance.createManyAndReturn({
    data: Array.from({ length: CLASSES }, (_, i) => ({
      accountId: account.id,
      eventId: event.id,
      startsAt: new Date(start + i * 86_400_000),
      endsAt: new Date(start + i * 86_400_000 + 3_600_000),
      capacity: 200,
    })),
    select: { id: true },
  });
  for (let from = 0; from < PEOPLE; from += CHUNK) {
    const users = await db.user.createManyAndReturn({
      data: Array.from({ length: Math.min(CHUNK, PEOPLE - from) }, (_, i) => ({
        email: `member-${from + i}@export-bench.example`,
        displayName: `Member ${from + i}`,
      })),
      select: { id: true },
    });
    await db.membership.createMany({ data: users.map((u) => ({ accountId: account.id, userId: u.id, persona: "attendee" })) });
    const passes = await db.entitlement.createManyAndReturn({
      data: users.map((u) => ({
        accountId: account.id,
        userId: u.id,
        productId: product.id,
        remainingClasses: 9,
        validFrom: new Date(start),
      })),
      select: { id: true, userId: true },
    });
    await db.booking.createMany({
      data: passes.map((p, i) => ({
        accountId: account.id,
        instanceId: classes[(from + i) % CLASSES]!.id,
        attendeeId: p.userId,
        status: "confirmed",
        entitlementId: p.id,
      })),
    });
    progress(BENCH, `seeded ${from + users.length} people`);
  }
  const session = await createSession({ userId: admin.id, accountId: account.id, kind: "bearer" });
  return { token: session.token };
}

async function benchOn(target: Target): Promise<BenchResult> {
  const { label } = target;
  progress(BENCH, `${label}: seeding ${PEOPLE} people, their passes and bookings`);
  const { token } = await seed();
  const route = await import("@/app/api/exports/studio.zip/route");
  let peakHeap = process.memoryUsage().heapUsed;
  const baseline = peakHeap;
  const sampler = setInterval(() => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)), 50);
  progress(BENCH, `${label}: downloading the archive`);
  const started = performance.now();
  const response = await route.GET(
    new Request("http://localhost:3000/api/exports/studio.zip", { headers: { authorization: `Bearer ${token}` } }),
    { params: Promise.resolve({}) },
  );
  // read to the end as a client would, keeping only the bytes (the archive itself is the output)
  const chunks: Uint8Array[] = [];
  for await (const chunk of response.body!) chunks.push(chunk);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (response.status !== 200) throw new Error(`GET /exports/studio.zip answered ${response.status}`);
  const bytes = Buffer.concat(chunks);
  const manifest = JSON.parse(new TextDecoder().decode(unzipSync(bytes, { filter: (f) => f.name === "manifest.json" })["manifest.json"]!));
  const rows = Object.fromEntries(manifest.files.map((f: { name: string; rows: number }) => [f.name, f.rows]));
  if (rows["people.csv"] !== PEOPLE + 1) throw new Error(`people.csv holds ${rows["people.csv"]} records`);
  const mb = (n: number) => (n < 1_048_576 ? `${Math.round(n / 1024)} KB` : `${Math.round(n / 1_048_576)} MB`);
  const figure = `${seconds.toFixed(1)} s`;
  const figures: Figure[] = [
    { bench: BENCH, measure: `${label}: GET /exports/studio.zip, ${PEOPLE} people (+ passes, bookings)`, value: figure },
    { bench: BENCH, measure: `${label}: archive size`, value: `${mb(bytes.length)} (${JSON.stringify(rows)})` },
    {
      bench: BENCH,
      measure: `${label}: heap while streaming (sampled)`,
      value: `peak ${mb(peakHeap)}, ${mb(peakHeap - baseline)} above the start (the archive's bytes, kept by the bench, included)`,
    },
  ];
  const aims: Aim[] = [{ aim: `${label}: studio.zip of ${PEOPLE} people ≤ ${AIM_SECONDS} s`, figure, holds: seconds <= AIM_SECONDS }];
  return { figures, aims };
}

export async function benchStudioExport(): Promise<BenchResult> {
  prepareEnvironment();
  const result: BenchResult = { figures: [], aims: [] };
  for (const target of targets(BENCH)) {
    const { figures, aims } = await withDatabase(target, () => benchOn(target));
    result.figures.push(...figures);
    result.aims.push(...aims);
  }
  return result;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { printAims, printFigures } = await import("./lib/measure");
  const { figures, aims } = await benchStudioExport();
  printFigures(figures);
  printAims(aims);
}
