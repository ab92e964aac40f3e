import "server-only";
import { getDatabase } from "@/lib/db";
import type { RawSql } from "@/lib/db/raw-sql";
import { calendarHost, configuredEmailTransport, logDelivery } from "@/lib/email/configured-transport";
import { closeEmailWorkers } from "@/lib/email/email-workers";
import { log } from "@/lib/log";
import { schedulePassNotices } from "@/lib/commerce/schedule-pass-notices";
import { sendWaitingNoticeEmails } from "@/lib/notices/send-waiting-notice-emails";
import { drainBookingEmails, type DrainEvent } from "./drain-booking-emails";
import { scheduleDueReminders } from "./schedule-reminders";

const WAKE_DELAY_MS = 25; // a burst of bookings is sent in batches
const SWEEP_INTERVAL_MS = 30_000;

type SenderState = {
  timer?: NodeJS.Timeout;
  sweep?: NodeJS.Timeout;
  running?: Promise<void>;
  /** Woken while a drain was running: drain again after it. */
  wokenWhileRunning?: boolean;
  /** The next drain first puts the class reminders now due in the outbox (the sweep's, the first); pass notices too. */
  remindersDue?: boolean;
  /** The next drain also sends the notice outbox (decision 0024): the sweep's, the first, or woken for it. */
  noticesDue?: boolean;
  stopped?: boolean;
};

// One sender per process, on globalThis: Next's bundles may each hold a copy of this module.
const holder = globalThis as typeof globalThis & { __studioBookingEmailSender?: SenderState };
function state(): SenderState {
  holder.__studioBookingEmailSender ??= {};
  return holder.__studioBookingEmailSender;
}

/**
 * Called after a commit that enqueued booking emails: this process drains the outbox soon. The
 * emails are rendered and sent in an email worker thread (drain-booking-emails.ts), so they go out
 * within moments even while requests keep coming. Never throws, never keeps the process alive.
 */
export function wakeBookingEmailSender(): void {
  try {
    const sender = state();
    startSweep(sender);
    if (sender.running) sender.wokenWhileRunning = true;
    else arm(sender, WAKE_DELAY_MS);
  } catch (error) {
    warn("booking email sender not woken", error);
  }
}

/**
 * Called after a commit that wrote notice emails (an endpoint disabled): this process sends the
 * notice outbox soon, after the booking emails. Never throws, never keeps the process alive.
 */
export function wakeNoticeEmailSender(): void {
  try {
    state().noticesDue = true;
    wakeBookingEmailSender();
  } catch (error) {
    warn("notice email sender not woken", error);
  }
}

/** Starts the periodic sweep (also started by the first wake) and looks for due reminders and waiting emails now. */
export function startBookingEmailSender(): void {
  state().remindersDue = true;
  wakeBookingEmailSender();
}

/** Stops the timers, waits for a running drain and ends the email workers (tests, shutdown). */
export async function stopBookingEmailSender(): Promise<void> {
  const sender = state();
  sender.stopped = true;
  clearTimeout(sender.timer);
  clearInterval(sender.sweep);
  const running = sender.running;
  holder.__studioBookingEmailSender = {};
  await running;
  await closeEmailWorkers();
}

function startSweep(sender: SenderState): void {
  if (sender.sweep) return;
  // Reminders and pass notices now due; emails enqueued by a process that died before sending them;
  // retries after a lease ends.
  sender.sweep = setInterval(() => {
    sender.remindersDue = true;
    if (!sender.running) arm(sender, 0);
  }, SWEEP_INTERVAL_MS);
  sender.sweep.unref();
}

function arm(sender: SenderState, delayMs: number): void {
  if (sender.timer || sender.stopped) return;
  sender.timer = setTimeout(() => drain(sender), delayMs);
  sender.timer.unref();
}

function drain(sender: SenderState): void {
  sender.timer = undefined;
  sender.wokenWhileRunning = false;
  const withReminders = sender.remindersDue === true;
  const withNotices = withReminders || sender.noticesDue === true;
  sender.remindersDue = false;
  sender.noticesDue = false;
  sender.running = drainOutboxes({ withReminders, withNotices }).then((failures) => {
    if (failures.length === 0) return afterDrain(sender);
    sender.running = undefined; // the sweep tries again: no tight loop on a closed database
    for (const [msg, error] of failures) warn(msg, error);
  });
}

/**
 * The booking outbox (after the reminders now due), then the notice outbox (after the pass notices
 * now due), each on its own: a failure of one does not hold up the other. Never rejects: resolves
 * with what failed, for the log.
 */
async function drainOutboxes(due: { withReminders: boolean; withNotices: boolean }): Promise<[string, unknown][]> {
  const failures: [string, unknown][] = [];
  try {
    if (due.withReminders) await scheduleDueReminders(getDatabase().raw, new Date());
    await sendWaitingBookingEmails();
  } catch (error) {
    failures.push(["booking emails not drained", error]);
  }
  if (!due.withNotices) return failures;
  try {
    if (due.withReminders) await schedulePassNotices(getDatabase().raw, new Date());
    await sendWaitingNoticeEmails();
  } catch (error) {
    failures.push(["notice emails not drained", error]);
  }
  return failures;
}

/**
 * Drains the outbox now with the configured transport, reporting to the log; resolves with how
 * many emails were sent (the sender's timers call it; tests may too).
 */
export function sendWaitingBookingEmails(options: { batchSize?: number; sql?: RawSql } = {}): Promise<number> {
  return drainBookingEmails({
    // one database for the whole drain: the ids of its batches mean nothing in any other (tests swap them)
    sql: options.sql ?? getDatabase().raw,
    transport: configuredEmailTransport(),
    calendarHost: calendarHost(),
    batchSize: options.batchSize,
    onEvent: report,
  });
}

function afterDrain(sender: SenderState): void {
  sender.running = undefined;
  if (sender.wokenWhileRunning) arm(sender, WAKE_DELAY_MS);
}

/** Booking id, kind and error name only: never the address or the body. */
function report(event: DrainEvent): void {
  if (event.kind === "sent") return logDelivery({ toDomain: event.toDomain, subject: event.subject });
  const { kind, emailKind, ...rest } = event;
  const fields = { ...rest, kind: emailKind };
  if (kind === "given_up") log.error("booking email given up", fields);
  else log.warn("booking email not sent, will retry", fields);
}

function warn(msg: string, error: unknown): void {
  try {
    log.warn(msg, { errorName: error instanceof Error ? error.name : typeof error });
  } catch {
    // logging must not turn a background failure into a crash
  }
}
