// A production server of the last `next build` in demo mode, for the benches that look at pages
// (bench/public-page.bench.ts, bench/public-js.bench.ts): scripts/serve.mjs start on a scratch data
// directory (the embedded database, the demo studio seeded), port BENCH_PORT or 3210.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type DemoServer = { baseUrl: string; child: ChildProcess; dataDir: string };

/** Whether there is a build to serve (`.next/BUILD_ID`), or why not. */
export function buildAvailable(): { ok: true } | { ok: false; reason: string } {
  return fs.existsSync(path.join(process.cwd(), ".next", "BUILD_ID"))
    ? { ok: true }
    : { ok: false, reason: "no production build: run `npm run build` first" };
}

/** Starts the last build in demo mode on a scratch data directory; resolves once it answers. */
export async function startDemoServer(): Promise<DemoServer> {
  const build = buildAvailable();
  if (!build.ok) throw new Error(`${build.reason}, or set BENCH_APP_URL to a running server`);
  const port = Number(process.env.BENCH_PORT ?? 3210);
  const baseUrl = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-page-"));
  const tsx = path.join(process.cwd(), "node_modules", ".bin", "tsx");
  const child = spawn(tsx, ["--conditions=react-server", "scripts/serve.mjs", "start"], {
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

export async function stopDemoServer(server: DemoServer | undefined): Promise<void> {
  if (!server) return;
  if (server.child.exitCode === null && server.child.signalCode === null) {
    const exited = new Promise((resolve) => server.child.once("exit", resolve));
    server.child.kill("SIGTERM");
    await exited;
  }
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
