// `npm run bench`: runs every bench in BENCHES in turn, then prints one table of their figures and,
// last, one table of their aims (whether each holds). A bench is an async function answering
// Figure[] or, with aims, a BenchResult (bench/lib/measure.ts); add new ones to the list.
import { printAims, printFigures, type Aim, type BenchResult, type Figure } from "./lib/measure";
import { benchBookings, bookingsBenchAvailable } from "./bookings.bench";
import { benchImports } from "./imports.bench";
import { benchMemory, memoryBenchAvailable } from "./memory.bench";
import { benchProgramme } from "./programme.bench";
import { benchPhoneLcp, phoneLcpBenchAvailable } from "./phone-lcp.bench";
import { benchPublicJs, publicJsBenchAvailable } from "./public-js.bench";
import { benchPublicPage } from "./public-page.bench";
import { benchScale, scaleBenchAvailable } from "./scale.bench";
import { benchSoak, soakBenchAvailable } from "./soak.bench";
import { benchStudioExport } from "./studio-export.bench";

// The load benches run first: the in-process benches leave a heap behind whose garbage collection
// would stall this process's load generator (and depress the trivial route it measures).
const BENCHES: { name: string; run: () => Promise<Figure[] | BenchResult> }[] = [];
// Starts its own server from the last build on a seeded scratch PostgreSQL database: only when a build
// exists (.next/BUILD_ID) and BENCH_DATABASE_URL or TEST_DATABASE_URL names a PostgreSQL server.
const bookings = bookingsBenchAvailable();
if (bookings.ok) BENCHES.push({ name: "bookings", run: benchBookings });
else console.log(`[bench] bookings: skipped (${bookings.reason})`);
// One app instance's resident memory, idle and under load (issue 35's aim): `serve.mjs start` from the
// last build, on a scratch PostgreSQL database when one is named and on the embedded database.
const memory = memoryBenchAvailable();
if (memory.ok) BENCHES.push({ name: "memory", run: benchMemory });
else console.log(`[bench] memory: skipped (${memory.reason})`);
// Whether one instance stays up (issue 43): the whole surface, then 30 min at a steady rate and 5 at
// twice it (5 and 1 with BENCH_QUICK), on PostgreSQL when one is named and on the embedded database.
const soakReady = soakBenchAvailable();
if (soakReady.ok) BENCHES.push({ name: "soak", run: benchSoak });
else console.log(`[bench] soak: skipped (${soakReady.reason})`);
// The public schedule page's JavaScript (issue 15's aim): from the last build, served in demo mode.
const publicJs = publicJsBenchAvailable();
if (publicJs.ok || process.env.BENCH_APP_URL) BENCHES.push({ name: "public-js", run: benchPublicJs });
else console.log(`[bench] public-js: skipped (${publicJs.reason})`);
// The public page's largest contentful paint on a throttled phone (issue 35), in Debian's Chromium.
const phoneLcp = phoneLcpBenchAvailable();
if (phoneLcp.ok) BENCHES.push({ name: "phone-lcp", run: benchPhoneLcp });
else console.log(`[bench] phone-lcp: skipped (${phoneLcp.reason})`);
// Needs a running server (a production build in demo mode): only when BENCH_APP_URL names one.
if (process.env.BENCH_APP_URL) BENCHES.push({ name: "public-page", run: benchPublicPage });
// Everyday reads on a big studio (issue 16 §5): from the last build, on two seeded scratch PostgreSQL
// databases (full scale and 1/100); needs what the bookings bench needs.
const scale = scaleBenchAvailable();
if (scale.ok) BENCHES.push({ name: "scale", run: benchScale });
else console.log(`[bench] scale: skipped (${scale.reason})`);
BENCHES.push({ name: "programme", run: benchProgramme });
// A 50,000-row people file previewed and committed (issue 31 §1's aim), in process.
BENCHES.push({ name: "imports", run: benchImports });
// The whole-studio ZIP of 50,000 people (issue 31 §2's aim), in-process on PGlite (and PostgreSQL when set).
BENCHES.push({ name: "studio-export", run: benchStudioExport });
// BENCH_ONLY=name[,name…] runs only those benches.
const only = process.env.BENCH_ONLY?.split(",").map((name) => name.trim());
if (only) BENCHES.splice(0, BENCHES.length, ...BENCHES.filter((bench) => only.includes(bench.name)));

const figures: Figure[] = [];
const aims: Aim[] = [];
for (const bench of BENCHES) {
  const started = performance.now();
  console.log(`[bench] ${bench.name}: start`);
  const result = await bench.run();
  if (Array.isArray(result)) figures.push(...result);
  else {
    figures.push(...result.figures);
    aims.push(...result.aims);
  }
  console.log(`[bench] ${bench.name}: done in ${Math.round((performance.now() - started) / 100) / 10} s`);
}
printFigures(figures);
if (aims.length > 0) printAims(aims);
