// The bookings bench's probe: POST /bookings through the real route handler in this process,
// PROBE_RUNS times, recording every statement the pg driver sends (before the answer, and after it:
// the confirmation email's), how long the booking statement lasts, and this process's CPU (all
// threads: the email workers too) to the answer and after it until the email is written.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { quantile } from "./load";
import { callRoute } from "./measure";
import type { Seed } from "./booking-seed";

export const PROBE_RUNS = 40;
/**
 * The first runs are not counted: the email worker starting (a second), code paths still compiling
 * (an email's CPU settles after about ten).
 */
const UNCOUNTED_RUNS = 10;
/** An unloaded confirmation email is written within milliseconds; this long means it never will be. */
const EMAIL_DEADLINE_MS = 10_000;

type Statement = { text: string; startedAt: number; endedAt?: number };

export type Probe = {
  before: number;
  after: number;
  list: string[];
  totalMs: number;
  txMs: number;
  cpuToAnswerMs: number;
  cpuAfterMs: number;
};

/** Each run's figures (the medians are reported). */
type ProbeRun = { before: number; after: number; ms: number; txMs?: number; cpuToAnswerMs: number; cpuAfterMs: number };

/**
 * Books the first PROBE_RUNS attendees on the probe's instance; `outboxDir` is this process's
 * EMAIL_OUTBOX_DIR. Throws when a confirmation email is not written there (it did not render).
 */
export async function probeBookings(seeded: Seed, outboxDir: string): Promise<Probe> {
  const route = await import("@/app/api/bookings/route");
  const recorder = recordStatements();
  fs.mkdirSync(outboxDir, { recursive: true });
  const runs: ProbeRun[] = [];
  try {
    for (let run = 0; run < PROBE_RUNS; run++) {
      recorder.log = [];
      const emailsBefore = fs.readdirSync(outboxDir).length;
      const rowDeleted = recorder.next(/^DELETE FROM "BookingEmail"/);
      const cpu0 = process.cpuUsage();
      const answer = await callRoute(route, "POST", "/bookings", {
        token: seeded.attendees[run]!.token,
        body: { instanceId: seeded.probe },
      });
      const cpuAnswer = process.cpuUsage(cpu0);
      if (answer.status !== 201) throw new Error(`in-process POST /bookings answered ${answer.status}`);
      const answered = recorder.log.length;
      await emailSent(outboxDir, emailsBefore + 1, rowDeleted);
      const cpuAll = process.cpuUsage(cpu0);
      const booking = recorder.log.find((s) => /book_instance/.test(s.text));
      runs.push({
        before: answered,
        after: recorder.log.length - answered,
        ms: answer.ms,
        txMs: booking?.endedAt === undefined ? undefined : booking.endedAt - booking.startedAt,
        cpuToAnswerMs: (cpuAnswer.user + cpuAnswer.system) / 1000,
        cpuAfterMs: (cpuAll.user + cpuAll.system - cpuAnswer.user - cpuAnswer.system) / 1000,
      });
    }
  } finally {
    recorder.restore();
  }
  assertRenderedEmails(outboxDir, PROBE_RUNS);
  return summarize(runs.slice(UNCOUNTED_RUNS), recorder.lastList(runs.at(-1)!.before));
}

function summarize(runs: ProbeRun[], list: string[]): Probe {
  const median = (pick: (run: ProbeRun) => number | undefined) =>
    quantile(
      runs.map(pick).filter((value): value is number => value !== undefined),
      0.5,
    );
  return {
    before: median((run) => run.before),
    after: median((run) => run.after),
    list,
    totalMs: median((run) => run.ms),
    txMs: median((run) => run.txMs),
    cpuToAnswerMs: median((run) => run.cpuToAnswerMs),
    cpuAfterMs: median((run) => run.cpuAfterMs),
  };
}

/**
 * Resolves once `dir` holds `count` files and `rowDeleted` (the sent row's DELETE ended); watched, not
 * polled, so that waiting costs this process (whose CPU is measured meanwhile) next to nothing: no
 * query of its own (an earlier probe counted the outbox every 5 ms, and its CPU with the email's).
 */
async function emailSent(dir: string, count: number, rowDeleted: Promise<void>): Promise<void> {
  const written = new Promise<void>((resolve, reject) => {
    const watcher = fs.watch(dir);
    const finish = (error?: Error) => {
      clearTimeout(timer);
      watcher.close();
      if (error) reject(error);
      else resolve();
    };
    const check = () => {
      if (fs.readdirSync(dir).length >= count) finish();
    };
    const timer = setTimeout(
      () =>
        finish(
          new Error(
            `the probe's confirmation email was not written to ${dir} within ${EMAIL_DEADLINE_MS / 1000} s: ` +
              "booking emails do not render or send in this process",
          ),
        ),
      EMAIL_DEADLINE_MS,
    );
    watcher.on("change", check);
    check();
  });
  await written;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error("the probe's email was written, but its outbox row was not deleted")),
      EMAIL_DEADLINE_MS,
    );
  });
  try {
    await Promise.race([rowDeleted, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Every probe booking's file is a rendered confirmation: a subject, HTML, text and its .ics. */
function assertRenderedEmails(dir: string, count: number): void {
  const files = fs.readdirSync(dir);
  const rendered = files.filter((file) => {
    const email = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as Record<string, unknown>;
    const attachments = (email.attachments ?? []) as { filename?: string }[];
    return (
      // the bench studio is da-DK and its attendees chose no language: Danish
      email.locale === "da" &&
      String(email.subject).startsWith("Booking bekræftet") &&
      String(email.html).includes("</html>") &&
      String(email.text).length > 0 &&
      attachments.some((attachment) => attachment.filename === "booking.ics")
    );
  });
  if (rendered.length !== count)
    throw new Error(
      `the probe's outbox holds ${rendered.length} rendered confirmations of ${count} (${files.length} files)`,
    );
}

/** Patches the pg driver to log each statement with its start and end. */
function recordStatements() {
  const original = pg.Client.prototype.query;
  const recorder = {
    log: [] as Statement[],
    restore: () => (pg.Client.prototype.query = original),
    /** Whom to tell when a statement ends. */
    waiting: [] as { pattern: RegExp; resolve: () => void }[],
    /** Resolves when the next statement matching `pattern` has ended. */
    next: (pattern: RegExp) => new Promise<void>((resolve) => recorder.waiting.push({ pattern, resolve })),
    ended: (statement: Statement) => {
      statement.endedAt = performance.now();
      const found = recorder.waiting.findIndex((waiter) => waiter.pattern.test(statement.text));
      if (found >= 0) recorder.waiting.splice(found, 1)[0]!.resolve();
    },
    lastList: (answered: number) =>
      recorder.log.map((s, i) => `${i < answered ? "" : "(after) "}${s.text.slice(0, 90)}`),
  };
  const patched = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const statement: Statement = {
      text: (typeof first === "string" ? first : (first?.text ?? "")).replace(/\s+/g, " ").trim(),
      startedAt: performance.now(),
    };
    recorder.log.push(statement);
    const callback = args.at(-1);
    if (typeof callback === "function") {
      // pg-pool's query passes a callback and gets no promise back
      args[args.length - 1] = (...results: unknown[]) => {
        recorder.ended(statement);
        return (callback as (...a: unknown[]) => unknown)(...results);
      };
    }
    const result = (original as (...a: unknown[]) => unknown).apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === "function") {
      (result as Promise<unknown>).then(
        () => recorder.ended(statement),
        () => recorder.ended(statement),
      );
    }
    return result;
  };
  pg.Client.prototype.query = patched as typeof original;
  return recorder;
}
