// The public schedule page of the demo studio, as a browser gets it from a production server:
//   (a) the JavaScript /demo loads in a modern browser: every script of its HTML but the `nomodule`
//       ones fetched and gzipped with zlib (level 6, what a typical server sends), summed; beside the
//       raw bytes and the file count (bench/public-js.bench.ts looks closer, in both languages);
//   (b) the server's response time for GET /demo (whole body read), median and p95 of 50
//       sequential requests after a few warm-up ones.
// Against BENCH_APP_URL when it is set (a running server in demo mode); otherwise it starts one
// itself from the last `next build` (scripts/serve.mjs start, demo mode, a scratch data directory,
// port BENCH_PORT or 3210), and stops it after. bench/run.ts runs it only when BENCH_APP_URL is set.
// Run: npm run build && npx tsx --conditions=react-server bench/public-page.bench.ts
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { startDemoServer, stopDemoServer } from "./lib/demo-server";
import { formatStats, progress, stats, type Figure } from "./lib/measure";
import { pageScripts } from "./lib/page-scripts";

const BENCH = "public-page";
const PAGE = "/demo";
const WARMUP = 5;
const RUNS = 50;

async function fetchOk(url: string): Promise<Response> {
  const response = await fetch(url, { headers: { "accept-encoding": "identity" } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response;
}

async function measureScripts(baseUrl: string): Promise<{ files: number; rawBytes: number; gzipBytes: number }> {
  const pageUrl = `${baseUrl}${PAGE}`;
  const html = await (await fetchOk(pageUrl)).text();
  const sources = pageScripts(html, pageUrl).loaded;
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const source of sources) {
    const body = Buffer.from(await (await fetchOk(source)).arrayBuffer());
    rawBytes += body.length;
    gzipBytes += gzipSync(body, { level: 6 }).length;
  }
  return { files: sources.length, rawBytes, gzipBytes };
}

async function measureResponseTimes(baseUrl: string): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const started = performance.now();
    await (await fetchOk(`${baseUrl}${PAGE}`)).arrayBuffer();
    if (i >= WARMUP) samples.push(performance.now() - started);
  }
  return samples;
}

export async function benchPublicPage(): Promise<Figure[]> {
  const given = process.env.BENCH_APP_URL?.replace(/\/$/, "");
  const server = given ? undefined : await startDemoServer();
  const baseUrl = given ?? server!.baseUrl;
  try {
    progress(BENCH, `JavaScript of ${PAGE} on ${baseUrl}`);
    const scripts = await measureScripts(baseUrl);
    progress(BENCH, `${RUNS} sequential GET ${PAGE}`);
    const times = stats(await measureResponseTimes(baseUrl));
    const kb = (bytes: number) => `${Math.round(bytes / 102.4) / 10} KB`;
    return [
      {
        bench: BENCH,
        measure: `JavaScript loaded by ${PAGE} (gzip)`,
        value: `${kb(scripts.gzipBytes)} in ${scripts.files} files (${kb(scripts.rawBytes)} raw)`,
      },
      { bench: BENCH, measure: `GET ${PAGE}, server response (${RUNS} sequential)`, value: formatStats(times) },
    ];
  } finally {
    await stopDemoServer(server);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { printFigures } = await import("./lib/measure");
  printFigures(await benchPublicPage());
}
