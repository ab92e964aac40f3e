// `npm run dev` / `npm start`: prepares the database, then hands over to `next dev` / `next start`.
//   1. loads .env files the way Next does, then the defaults of decisions §0 (DEMO_MODE: true for
//      dev, false for start; PORT 3000) for whatever is still unset;
//   2. opens the configured database, applies pending migrations and, in demo mode, seeds the demo
//      tenant if it is missing; then closes the database again (the embedded one can be opened by one
//      process at a time, and Next opens it next);
//   3. runs the app's HTTP server (scripts/next-server.ts: Next behind our request preparation) on
//      PORT, forwarding signals and its exit code, with the Node flags of scripts/lib/next-server-flags.ts.
//      Started by npm, it also stops the server when npm's shell has gone (scripts/lib/stop-when-orphaned.ts).
// Run with `node --import tsx --conditions=react-server` so that lib modules' `import "server-only"`
// resolves to its empty server build, as it does inside Next. Not through the `tsx` command: its own
// process relays a signal to this one and kills it (SIGKILL) unless it acknowledges within 30 ms,
// which a busy machine misses, and then nothing stops the server.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { nextServerArguments } from "./lib/next-server-command";
import { stopWhenOrphaned } from "./lib/stop-when-orphaned";

type Mode = "dev" | "start";

const mode = process.argv[2];
if (mode !== "dev" && mode !== "start") {
  console.error("usage: node --import tsx --conditions=react-server scripts/serve.ts dev|start");
  process.exit(2);
}

const require = createRequire(import.meta.url);

function loadEnvironment(serveMode: Mode): void {
  // @next/env is the loader Next itself uses (a dependency of next); values already set win.
  const nextEnv = createRequire(require.resolve("next/package.json"))("@next/env") as {
    loadEnvConfig(dir: string, dev?: boolean, log?: { info(): void; error(...args: unknown[]): void }): unknown;
  };
  nextEnv.loadEnvConfig(process.cwd(), serveMode === "dev", { info: () => {}, error: console.error });
  if (!process.env.DEMO_MODE) process.env.DEMO_MODE = serveMode === "dev" ? "true" : "false";
  if (!process.env.PORT) process.env.PORT = "3000";
}

function say(message: string): void {
  console.log(`[serve] ${message}`);
}

/** Migrations and the demo tenant, on a database that is closed again before Next starts. */
async function prepareDatabase(): Promise<void> {
  // imported only now: lib/env reads the environment set above
  const { env } = await import("@/lib/env");
  const { openConfiguredDatabase, migrateConfiguredDatabase } = await import("@/lib/db/client");
  const { useDatabase, closeDatabase } = await import("@/lib/db");
  const config = env();
  say(`database: ${config.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `embedded, in ${config.DATA_DIR}`}`);
  const database = openConfiguredDatabase();
  useDatabase(database);
  try {
    const applied = await migrateConfiguredDatabase(database);
    say(`migrations: applied ${applied.length}${applied.length ? ` (${applied.join(", ")})` : ""}`);
    if (config.DEMO_MODE) {
      const { seedDemo } = await import("@/lib/demo/seed-demo");
      const { seeded } = await seedDemo();
      say(seeded ? "demo studio seeded" : "demo studio already present");
    } else {
      say("demo mode off");
    }
  } finally {
    await closeDatabase();
  }
}

/** Resolves true once the app answers its liveness check, false if Next exits first. */
async function waitUntilServing(port: number, child: ReturnType<typeof spawn>): Promise<boolean> {
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  while (!exited()) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(60_000) });
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

async function main(serveMode: Mode): Promise<void> {
  loadEnvironment(serveMode);
  try {
    await prepareDatabase();
  } catch (error) {
    console.error(`[serve] could not prepare the database: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }

  const port = Number(process.env.PORT);
  const child = spawn(process.execPath, nextServerArguments(serveMode), {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: serveMode === "dev" ? "development" : "production" },
  });

  let signalled = false;
  const forward = (signal: NodeJS.Signals) => {
    signalled = true;
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => forward(signal));
  // npm_lifecycle_event: run by `npm start` / `npm run dev` (or pnpm, yarn), whose shell may die of a
  // SIGTERM without passing it on. Not otherwise: a server started directly may outlive its shell on purpose.
  if (process.env.npm_lifecycle_event) {
    stopWhenOrphaned(() => {
      if (signalled) return;
      say("npm has gone: stopping");
      forward("SIGTERM");
    });
  }
  child.on("exit", (code, signal) => {
    process.exit(code ?? (signal ? 128 + (signalNumbers[signal] ?? 1) : 1));
  });
  child.on("error", (error) => {
    console.error(`[serve] could not start the server: ${error.message}`);
    process.exit(1);
  });

  if (await waitUntilServing(port, child)) say(`listening on http://localhost:${port}`);
}

const signalNumbers: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

await main(mode);
