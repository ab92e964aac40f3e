import "server-only";
import { onOutboxWrites } from "@/lib/db/outbox-writes";
import { closeEmailWorkers } from "@/lib/email/email-workers";
import { log } from "@/lib/log";
import type { AppWork, DrainName } from "./work";

const WAKE_DELAY_MS = 25; // a burst of bookings is sent in batches
/** A run that failed and was woken meanwhile runs again after this long. */
const AFTER_FAILURE_MS = 1_000;
/** Retries come due, other processes' rows and periodic work wait at most this long. */
const SWEEP_INTERVAL_MS = 5_000;

type RunnerState = {
  timer?: NodeJS.Timeout;
  sweep?: NodeJS.Timeout;
  running?: Promise<void>;
  /** Woken while a run was going: run again after it. */
  again?: boolean;
  /** What the next run drains: the kinds woken since the last run began, or all of them. */
  pending: Set<DrainName> | "all";
  /** When each periodic work last ran in this process. */
  lastRunAt: Map<string, number>;
};

// One runner per process, on globalThis: Next's bundles may each hold a copy of this module. Its
// work is handed to it at start (startJobs, from lib/system/start-background-work.ts): this module
// imports no domain, so the domains that wake it import no drain of another through it.
const holder = globalThis as typeof globalThis & {
  __studioJobs?: RunnerState;
  __studioJobsHeld?: boolean;
  __studioJobsWork?: AppWork;
  __studioJobsListening?: () => void;
};
const NO_WORK: AppWork = { drained: [], periodic: [] };
function state(): RunnerState {
  holder.__studioJobs ??= { lastRunAt: new Map(), pending: "all" };
  return holder.__studioJobs;
}

/**
 * Called by a domain function after a commit that wrote background work (an email, a webhook
 * delivery): this process runs it within moments. Without the wake the sweep finds it within
 * seconds (what another process wrote, retries come due, rows of a process that died). Never
 * throws, never keeps the process alive. Routes and actions never call it.
 * `kinds`: the outboxes the commit wrote, where a hot path knows them (a booking: its email and
 * webhook deliveries): the run drains those alone instead of claiming from every outbox. None: all.
 * Before the runner is handed its work (startJobs) a run drains nothing; the first run after it
 * drains everything.
 */
export function wakeJobs(...kinds: DrainName[]): void {
  try {
    if (holder.__studioJobsHeld) return;
    const runner = state();
    startSweep(runner);
    want(runner, kinds.length === 0 ? "all" : kinds);
    if (runner.running) runner.again = true;
    else arm(runner, WAKE_DELAY_MS);
  } catch (error) {
    warn("background work not woken", error);
  }
}

/**
 * Starts the sweep and runs everything due now: the serving process's background work, `work`
 * (lib/jobs/app-jobs.ts), or what it was handed before.
 */
export function startJobs(work?: AppWork): void {
  if (work) holder.__studioJobsWork = work;
  holder.__studioJobsListening ??= onOutboxWrites((kinds) => wakeJobs(...kinds)); // what each commit wrote (lib/db/outbox-writes.ts)
  holder.__studioJobsHeld = false;
  wakeJobs();
}

/** Stops the timers, waits for a running run and ends the email workers (tests, shutdown); a later wake starts again. */
export async function stopJobs(): Promise<void> {
  const runner = holder.__studioJobs;
  holder.__studioJobs = undefined;
  if (runner) {
    clearTimeout(runner.timer);
    clearInterval(runner.sweep);
    runner.again = false;
    await runner.running;
  }
  await closeEmailWorkers();
}

/** Stops as stopJobs and ignores wakes until startJobs (tests that drive the drains themselves). */
export async function holdJobs(): Promise<void> {
  holder.__studioJobsHeld = true;
  await stopJobs();
}

/**
 * One run now, outside the timers, of the periodic work due and the drains of `kinds` (all when
 * none), for tests that hold the runner; resolves with what the run leaves for the next one.
 */
export async function runJobsOnce(...kinds: DrainName[]): Promise<Set<DrainName> | "all"> {
  const runner = state();
  runner.pending = new Set();
  const failures = await runAll(runner, kinds.length === 0 ? "all" : new Set(kinds));
  for (const [msg, error] of failures) warn(msg, error);
  return runner.pending;
}

function startSweep(runner: RunnerState): void {
  if (runner.sweep) return;
  runner.sweep = setInterval(() => {
    if (runner.running) return;
    want(runner, "all");
    arm(runner, 0);
  }, SWEEP_INTERVAL_MS);
  runner.sweep.unref();
}

function want(runner: RunnerState, kinds: readonly DrainName[] | "all"): void {
  if (runner.pending === "all") return;
  if (kinds === "all") runner.pending = "all";
  else for (const kind of kinds) runner.pending.add(kind);
}

function arm(runner: RunnerState, delayMs: number): void {
  if (runner.timer || holder.__studioJobsHeld || holder.__studioJobs !== runner) return;
  runner.timer = setTimeout(() => run(runner), delayMs);
  runner.timer.unref();
}

function run(runner: RunnerState): void {
  runner.timer = undefined;
  runner.again = false;
  const kinds = runner.pending;
  runner.pending = new Set();
  runner.running = runAll(runner, kinds).then((failures) => {
    runner.running = undefined;
    for (const [msg, error] of failures) warn(msg, error);
    // woken meanwhile: again soon, or after a pause when this run failed (no tight loop on a closed database)
    if (runner.again) arm(runner, failures.length === 0 ? WAKE_DELAY_MS : AFTER_FAILURE_MS);
  });
}

/**
 * The periodic work now due, then the drains of `kinds` at once (a slow email render holds up no
 * webhook), each on its own: one failing holds up no other. Periodic work writes into any outbox:
 * a run that did some drains them all. A drain that did work is run again after (its next batch),
 * with what its rows may have written elsewhere (`alsoWakes`). Never rejects.
 */
async function runAll(runner: RunnerState, kinds: Set<DrainName> | "all"): Promise<[string, unknown][]> {
  const failures: [string, unknown][] = [];
  const { drained: drainedWork, periodic: periodicWork } = holder.__studioJobsWork ?? NO_WORK;
  const now = Date.now();
  let scheduled = false;
  for (const work of periodicWork) {
    const last = runner.lastRunAt.get(work.name);
    if (last !== undefined && now - last < work.everyMs) continue;
    runner.lastRunAt.set(work.name, now); // even if it fails: tried again at its next time, not every sweep
    scheduled = true;
    await attempt(
      () => work.run(new Date(now)),
      (error) => failures.push([`${work.name} not scheduled`, error]),
    );
  }
  const drains = scheduled || kinds === "all" ? drainedWork : drainedWork.filter((work) => kinds.has(work.name));
  await Promise.all(
    drains.map(async (work) => {
      const done = await attempt(work.drain, (error) => failures.push([`${work.name} not drained`, error]));
      if (typeof done !== "number" || done === 0) return;
      runner.again = true;
      want(runner, [work.name]);
      if (work.alsoWakes) want(runner, work.alsoWakes);
    }),
  );
  return failures;
}

async function attempt(work: () => Promise<unknown>, onError: (error: unknown) => void): Promise<unknown> {
  try {
    return await work();
  } catch (error) {
    onError(error);
    return undefined;
  }
}

function warn(msg: string, error: unknown): void {
  try {
    log.warn(msg, { errorName: error instanceof Error ? error.name : typeof error });
  } catch {
    // logging must not turn a background failure into a crash
  }
}
