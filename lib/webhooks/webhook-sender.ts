import "server-only";
import { getDatabase } from "@/lib/db";
import type { RawSql } from "@/lib/db/raw-sql";
import { wakeNoticeEmailSender } from "@/lib/bookings/booking-email-sender";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { drainWebhookDeliveries, type WebhookDrainEvent } from "./drain-webhook-deliveries";
import { pruneWebhookDeliveriesHourly, type PruneSchedule } from "./prune-webhook-deliveries";

const WAKE_DELAY_MS = 25;
/** Retries come due and other processes' deliveries wait at most this long (the first attempt is woken). */
const SWEEP_INTERVAL_MS = 5_000;

type SenderState = {
  timer?: NodeJS.Timeout;
  sweep?: NodeJS.Timeout;
  running?: Promise<void>;
  again?: boolean;
  pruning?: PruneSchedule;
};

// One sender per process, on globalThis: Next's bundles may each hold a copy of this module.
const holder = globalThis as typeof globalThis & {
  __studioWebhookSender?: SenderState;
  __studioWebhookSenderOff?: boolean;
};
function state(): SenderState {
  holder.__studioWebhookSender ??= {};
  return holder.__studioWebhookSender;
}

/**
 * Called after a commit that enqueued deliveries: this process attempts them soon. Without the
 * wake the sweep finds them within seconds (what another process enqueued, retries come due, rows
 * of a process that died). Never throws, never keeps the process alive.
 */
export function wakeWebhookSender(): void {
  try {
    if (holder.__studioWebhookSenderOff) return;
    const sender = state();
    startSweep(sender);
    if (sender.running) sender.again = true;
    else arm(sender, WAKE_DELAY_MS);
  } catch (error) {
    warn("webhook sender not woken", error);
  }
}

/** Starts the periodic sweep (the serving process's background work). */
export function startWebhookSender(): void {
  holder.__studioWebhookSenderOff = false;
  wakeWebhookSender();
}

/** Stops the timers until started again and waits for a running drain (tests that drive the drain themselves; shutdown). */
export async function stopWebhookSender(): Promise<void> {
  holder.__studioWebhookSenderOff = true;
  const sender = state();
  clearTimeout(sender.timer);
  clearInterval(sender.sweep);
  holder.__studioWebhookSender = {};
  await sender.running;
}

function startSweep(sender: SenderState): void {
  if (sender.sweep) return;
  sender.sweep = setInterval(() => {
    if (!sender.running) arm(sender, 0);
  }, SWEEP_INTERVAL_MS);
  sender.sweep.unref();
}

function arm(sender: SenderState, delayMs: number): void {
  if (sender.timer || holder.__studioWebhookSenderOff) return;
  sender.timer = setTimeout(() => run(sender), delayMs);
  sender.timer.unref();
}

function run(sender: SenderState): void {
  sender.timer = undefined;
  sender.again = false;
  sender.running = sendDueWebhooks({ now: () => new Date() })
    .then(() => pruneSettledDeliveries(sender))
    .then(
      () => {
        sender.running = undefined;
        if (sender.again) arm(sender, WAKE_DELAY_MS);
      },
      (error: unknown) => {
        sender.running = undefined; // the sweep tries again
        warn("webhook deliveries not drained", error);
      },
    );
}

/** Old settled deliveries go, at most once an hour per process (prune-webhook-deliveries.ts). */
async function pruneSettledDeliveries(sender: SenderState): Promise<void> {
  sender.pruning ??= {};
  try {
    const deleted = await pruneWebhookDeliveriesHourly(sender.pruning, { sql: getDatabase().raw, now: new Date() });
    if (deleted) log.info("webhook deliveries pruned", { deleted });
  } catch (error) {
    warn("webhook deliveries not pruned", error);
  }
}

/** Attempts the deliveries due at `now` with the configured settings, reporting to the log (the timers; tests). */
export async function sendDueWebhooks(options: {
  now: Date | (() => Date);
  timeoutMs?: number;
  sql?: RawSql;
}): Promise<number> {
  const settings = env(); // async: a setting or database that fails is a rejection, never a throw in a timer
  return drainWebhookDeliveries({
    sql: options.sql ?? getDatabase().raw,
    now: options.now,
    timeoutMs: options.timeoutMs,
    secretKey: settings.WEBHOOK_SECRET_KEY,
    allowPrivateUrls: settings.WEBHOOK_ALLOW_PRIVATE_URLS,
    onEvent: report,
  });
}

/** Ids, counts and status codes only: never a URL, a body or a secret. */
function report(event: WebhookDrainEvent): void {
  const { kind, ...fields } = event;
  if (kind === "delivered") log.info("webhook delivered", fields);
  else if (kind === "retrying") log.warn("webhook not delivered, will retry", fields);
  else if (kind === "failed") log.error("webhook delivery failed", fields);
  else {
    log.error("webhook endpoint disabled after 5 days of failures", fields);
    wakeNoticeEmailSender(); // its administrators' emails were written with the change
  }
}

function warn(msg: string, error: unknown): void {
  try {
    log.warn(msg, { errorName: error instanceof Error ? error.name : typeof error });
  } catch {
    // logging must not turn a background failure into a crash
  }
}
