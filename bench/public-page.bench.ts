// The public schedule page of the demo studio, as a browser gets it from a production server:
//   (a) the JavaScript /demo loads: every <script src> of its HTML fetched and gzipped with zlib
//       (level 6, what a typical server sends), summed; beside the raw bytes and the file count;
//   (b) the server's response time for GET /demo (whole body read), median and p95 of 50
//       sequential requests after a few warm-up ones.
// Against BENCH_APP_URL when it is set (a running server in demo mode); otherwise it starts one
// itself from the last `next build` (scripts/serve.ts start, demo mode, a scratch data directory,
// port BENCH_PORT or 3210), and stops it after. bench/run.ts runs it only when BENCH_APP_URL is set.
// Run: npm run build && npx tsx --conditions=react-server bench/public-page.bench.ts
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { formatStats, progress, stats, type Figure } from "./lib/measure";

const BENCH = "public-page";
const PAGE = "/demo";
const WARMUP = 5;
const RUNS = 50;

/** The distinct script URLs of an HTML page, resolved against its URL. */
export function scriptSources(html: string, pageUrl: string): string[] {
  const sources = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*?\bsrc\s*=\s*(?:"([^"]+)"|'([^']+)'|([^\s>]+))/gi)) {
    const src = (match[1] ?? match[2] ?? match[3])!.replace(/&amp;/g, "&");
    sources.add(new URL(src, pageUrl).href);
  }
  return [...sources];
}

async function fetchOk(url: string): Promise<Response> {
  const response = await fetch(url, { headers: { "accept-encoding": "identity" } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response;
}

async function measureScripts(baseUrl: string): Promise<{ files: number; rawBytes: number; gzipBytes: number }> {
  const pageUrl = `${baseUrl}${PAGE}`;
  const html = await (await fetchOk(pageUrl)).text();
  const sources = scriptSources(html, pageUrl);
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

/** Starts the last build in demo mode on a scratch data directory; resolves once it answers. */
async function startServer(): Promise<{ baseUrl: string; child: ChildProcess; dataDir: string }> {
  if (!fs.existsSync(path.join(process.cwd(), ".next", "BUILD_ID"))) {
    throw new Error("no production build: run `npm run build` first, or set BENCH_APP_URL to a running server");
  }
  const port = Number(process.env.BENCH_PORT ?? 3210);
  const baseUrl = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-page-"));
  const tsx = path.join(process.cwd(), "node_modules", ".bin", "tsx");
  const child = spawn(tsx, ["--conditions=react-server", "scripts/serve.ts", "start"], {
    stdio: "ignore",
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: baseUrl,
      DEMO_MODE: "true",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      EMAIL_TRANSPORT: "outbox",
    },
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { baseUrl, child, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill("SIGTERM");
  throw new Error("the server did not answer within 2 minutes");
}

export async function benchPublicPage(): Promise<Figure[]> {
  const given = process.env.BENCH_APP_URL?.replace(/\/$/, "");
  const server = given ? undefined : await startServer();
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
    if (server) {
      server.child.kill("SIGTERM");
      await new Promise((resolve) => server.child.once("exit", resolve));
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { printFigures } = await import("./lib/measure");
  printFigures(await benchPublicPage());
}
