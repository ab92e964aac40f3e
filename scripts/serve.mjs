// `npm run dev` / `npm start`: prepares the database, then hands over to `next dev` / `next start`.
//   1. loads .env files the way Next does, then the defaults of decisions §0 (DEMO_MODE: true for
//      dev, false for start; PORT 3000) for whatever is still unset;
//   2. runs scripts/prepare-database.ts in a child process that exits when done: it applies pending
//      migrations and, in demo mode, seeds the demo tenant if it is missing, then closes the database
//      (the embedded one can be opened by one process at a time, and Next opens it next). In a child,
//      so that Prisma, the drivers and PGlite's heap are not kept resident here (decision 0043);
//   3. runs the app's HTTP server (scripts/next-server.ts: Next behind our request preparation) on
//      PORT, forwarding signals, with the Node flags of scripts/lib/next-server-flags.mjs; when it
//      dies unasked, logs `"msg":"server died"` and starts it again (back-off 1 s … 30 s).
//      Started by npm, it also stops the server when npm's shell has gone (scripts/lib/stop-when-orphaned.mjs).
// This process loads nothing of the app's: it stays small while it waits on the server. JavaScript
// (typed in JSDoc, checked by tsc), run by Node as it is: without tsx's loader and esbuild process
// (~30 MB) and without Node's own TypeScript stripping (~17 MB), decision 0043; the children get their
// own flags. `node --import tsx --conditions=react-server scripts/serve.mjs` works as well.
// Not through the `tsx` command: its own
// process relays a signal to this one and kills it (SIGKILL) unless it acknowledges within 30 ms,
// which a busy machine misses, and then nothing stops the server.
// @ts-check
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { nextServerArguments } from "./lib/next-server-command.mjs";
import { nextRestartDelayMs, serverDiedLine } from "./lib/restart-policy.mjs";
import { stopWhenOrphaned } from "./lib/stop-when-orphaned.mjs";

/** @typedef {"dev" | "start"} Mode */

const mode = process.argv[2];
if (mode !== "dev" && mode !== "start") {
  console.error("usage: node scripts/serve.mjs dev|start");
  process.exit(2);
}

const require = createRequire(import.meta.url);

/** @param {Mode} serveMode */
function loadEnvironment(serveMode) {
  // @next/env is the loader Next itself uses (a dependency of next); values already set win.
  /** @type {{ loadEnvConfig(dir: string, dev?: boolean, log?: { info(): void; error(...args: unknown[]): void }): unknown }} */
  const nextEnv = createRequire(require.resolve("next/package.json"))("@next/env");
  nextEnv.loadEnvConfig(process.cwd(), serveMode === "dev", { info: () => {}, error: console.error });
  if (!process.env.DEMO_MODE) process.env.DEMO_MODE = serveMode === "dev" ? "true" : "false";
  if (!process.env.PORT) process.env.PORT = "3000";
}

/** @param {string} message */
function say(message) {
  console.log(`[serve] ${message}`);
}

/** The Node flags and script of the database preparation (scripts/prepare-database.ts). */
const PREPARE_ARGUMENTS = [
  "--import",
  "tsx",
  "--conditions=react-server",
  path.join(import.meta.dirname, "prepare-database.ts"),
];

/** @param {Mode} serveMode */
async function main(serveMode) {
  loadEnvironment(serveMode);

  // The process running now: the database preparation, then the server. Signals go to it.
  /** @type {import("node:child_process").ChildProcess | undefined} */
  let child;
  let signalled = false;
  const forward = (/** @type {NodeJS.Signals} */ signal) => {
    signalled = true;
    if (!child) process.exit(128 + (signalNumbers[signal] ?? 1));
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM", "SIGHUP"]))
    process.on(signal, () => forward(signal));
  // npm_lifecycle_event: run by `npm start` / `npm run dev` (or pnpm, yarn), whose shell may die of a
  // SIGTERM without passing it on. Not otherwise: a server started directly may outlive its shell on purpose.
  if (process.env.npm_lifecycle_event) {
    stopWhenOrphaned(() => {
      if (signalled) return;
      say("npm has gone: stopping");
      forward("SIGTERM");
    });
  }

  // Migrations and the demo studio, in a process of its own that exits when done: what it loads is
  // not kept for the server's lifetime (docs/decisions/0043-memory.md).
  child = spawn(process.execPath, PREPARE_ARGUMENTS, { stdio: "inherit", env: process.env });
  const prepared = await exitOf(child);
  if (signalled)
    process.exit(prepared.code ?? 128 + ((prepared.signal ? signalNumbers[prepared.signal] : undefined) ?? 1));
  if (prepared.code !== 0) {
    if (prepared.error) console.error(`[serve] could not prepare the database: ${prepared.error.message}`);
    process.exit(1);
  }

  // The server says when it listens (scripts/next-server.ts). Not polled from here: node:http alone
  // would keep ~16 MB resident in this process for the server's lifetime (decision 0043).
  // A server that dies (a crash, an out-of-memory kill) is started again after a back-off
  // (scripts/lib/restart-policy.mjs), without preparing the database again; this process exits only
  // when it is told to stop.
  let delayMs = 0;
  for (;;) {
    const startedAt = Date.now();
    const server = spawn(process.execPath, nextServerArguments(serveMode), {
      stdio: "inherit",
      env: serverEnvironment(serveMode),
    });
    child = server;
    const ended = await exitOf(server);
    if (signalled) process.exit(ended.code ?? (ended.signal ? 128 + (signalNumbers[ended.signal] ?? 1) : 1));
    const upForMs = Date.now() - startedAt;
    delayMs = nextRestartDelayMs(delayMs, upForMs);
    if (ended.error) console.error(`[serve] could not start the server: ${ended.error.message}`);
    console.log(
      serverDiedLine({ code: ended.code, signal: ended.signal, pid: server.pid, upForMs, restartInMs: delayMs }),
    );
    child = undefined; // a stop signal during the back-off exits at once (forward)
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
}

/**
 * The server's environment: ours, NODE_ENV for the mode, and at most two glibc malloc arenas unless
 * MALLOC_ARENA_MAX is set. glibc gives each thread that allocates its own arena (the server, libuv's
 * pool, the email worker, V8's helpers), each holding freed memory apart: with two the server held
 * 11–31 MB less resident after the same passes of the whole surface (decision 0043). Other C
 * libraries ignore the variable.
 * @param {Mode} serveMode
 * @returns {NodeJS.ProcessEnv}
 */
function serverEnvironment(serveMode) {
  return {
    MALLOC_ARENA_MAX: "2",
    ...process.env,
    NODE_ENV: serveMode === "dev" ? "development" : "production",
  };
}

/**
 * How a child process ended (an error: it could not be started).
 * @param {import("node:child_process").ChildProcess} child
 * @returns {Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error }>}
 */
function exitOf(child) {
  return new Promise((resolve) => {
    child.once("exit", (code, signal) => resolve({ code, signal }));
    child.once("error", (error) => resolve({ code: null, signal: null, error }));
  });
}

/** @type {Partial<Record<NodeJS.Signals, number>>} */
const signalNumbers = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

await main(mode);
