// What the runner (wake.ts) is handed at start: the app's kinds of background work (app-jobs.ts
// lists them). Types alone: a domain function names a drain when it wakes the runner without
// importing the list, so no domain imports the drains of the others through it.

/** A drained work's name: what a domain function names when it wakes the runner for its rows alone. */
export type DrainName =
  | "sign-in emails"
  | "booking emails"
  | "webhook deliveries"
  | "notice emails"
  | "receipt emails"
  | "import commits"
  | "Dinero vouchers"
  | "gift card emails";

/**
 * A kind of work the runner drains on a wake and on every sweep (lib/jobs/run-jobs.ts does the
 * claiming). `alsoWakes`: what its rows may write into other outboxes, drained after it.
 */
export type DrainedWork = {
  name: DrainName;
  drain: () => Promise<unknown>;
  alsoWakes?: readonly DrainName[] | "all";
};

/** Work that puts rows in an outbox (or deletes them) on a schedule, before the drains. */
export type PeriodicWork = { name: string; everyMs: number; run: (now: Date) => Promise<unknown> };

/** The app's background work, handed to the runner when it starts (startJobs). */
export type AppWork = { drained: readonly DrainedWork[]; periodic: readonly PeriodicWork[] };
