import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import { Piscina } from "piscina";
import { env } from "@/lib/env";
import type { EmailTask, EmailTaskResult } from "./email-worker";

// The pool of email worker threads, one per process (on globalThis: Next's bundles may each hold a
// copy of this module). Rendering an email costs a millisecond or more of CPU, as much as serving
// the booking that caused it; in a worker it no longer delays the requests this process serves.
// In production the worker runs the JavaScript `npm run build` compiled from email-worker.ts
// (scripts/build-server-entries.mjs); elsewhere (tests, `npm run dev`) its TypeScript through tsx.
// Either way without `--conditions=react-server` (the flags of the process that starts it are not
// inherited: React Email needs react-dom/server's full build).
// No server-only here: the bench's raw server uses the pool too.

/** Threads: one keeps a booking burst's emails in order of claim and leaves the other core to requests. */
const THREADS = 1;
/** A worker renders while its last email is being written or sent. */
const TASKS_PER_THREAD = 4;
/**
 * The worker's young-generation semi-space, in MB. A worker takes the process's V8 flags, and
 * npm start's --max-semi-space-size (scripts/lib/next-server-flags.mjs), which suits the thread
 * that serves requests, at 64 MB made the worker's heap ~190 MB under load for a thread that renders one
 * email at a time (decision 0043). Piscina's resourceLimits.maxYoungGenerationSizeMb does not help:
 * V8 lets the flag win. So the flag is set again before the first worker starts: V8 reads it when
 * an isolate is created, and the main thread's heap keeps the size it started with.
 */
const WORKER_SEMI_SPACE_MB = 8;
/** An idle worker ends after this long (starting one costs about a second of CPU). */
const IDLE_MS = 5 * 60_000;

const holder = globalThis as typeof globalThis & { __studioEmailWorkers?: Piscina };

/** The worker's code: compiled by the build in production (no TypeScript loader in the thread: decision 0043). */
function workerEntry(): { filename: string; execArgv: string[] } {
  const compiled = path.join(process.cwd(), ".next", "server-entries", "email-worker.mjs");
  if (env().NODE_ENV === "production" && fs.existsSync(compiled)) return { filename: compiled, execArgv: [] };
  return { filename: path.join(process.cwd(), "lib", "email", "email-worker.ts"), execArgv: ["--import", "tsx"] };
}

function pool(): Piscina {
  if (!holder.__studioEmailWorkers) v8.setFlagsFromString(`--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`);
  holder.__studioEmailWorkers ??= new Piscina({
    ...workerEntry(),
    minThreads: 0,
    maxThreads: THREADS,
    concurrentTasksPerWorker: TASKS_PER_THREAD,
    idleTimeout: IDLE_MS,
  });
  return holder.__studioEmailWorkers;
}

/** Runs `task` in an email worker thread. */
export function runInEmailWorker<T extends EmailTask>(task: T): Promise<EmailTaskResult<T>> {
  return pool().run(task) as Promise<EmailTaskResult<T>>;
}

/** Ends the worker threads after their tasks (tests, shutdown); the next task starts them again. */
export async function closeEmailWorkers(): Promise<void> {
  const workers = holder.__studioEmailWorkers;
  holder.__studioEmailWorkers = undefined;
  await workers?.close();
}
