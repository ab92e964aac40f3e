import "server-only";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { requestsInFlight } from "@/lib/system/busy";
import { drainBookingEmails, MAX_HOLD_MS } from "./drain-booking-emails";

const WAKE_DELAY_MS = 25; // a burst of bookings is sent in batches
const BUSY_RECHECK_MS = 200;
/** Within a claimed batch: how often a waiting email looks again whether the requests are done. */
const TURN_RECHECK_MS = 5;
const SWEEP_INTERVAL_MS = 30_000;

type SenderState = {
  timer?: NodeJS.Timeout;
  sweep?: NodeJS.Timeout;
  running?: Promise<void>;
  /** When the oldest email this process knows to be waiting was announced (Date.now()). */
  pendingSince?: number;
  /** Woken while a drain was running: drain again after it. */
  wokenWhileRunning?: boolean;
  stopped?: boolean;
};

// One sender per process, on globalThis: Next's bundles may each hold a copy of this module.
const holder = globalThis as typeof globalThis & { __studioBookingEmailSender?: SenderState };
function state(): SenderState {
  holder.__studioBookingEmailSender ??= {};
  return holder.__studioBookingEmailSender;
}

/**
 * Called after a commit that enqueued booking emails: they are sent from this process soon, at a
 * moment without requests in flight (or once the oldest has waited EMAIL_MAX_DEFER_MS). Never
 * throws, never keeps the process alive.
 */
export function wakeBookingEmailSender(): void {
  try {
    const sender = state();
    sender.pendingSince ??= Date.now();
    startSweep(sender);
    if (sender.running) sender.wokenWhileRunning = true;
    else arm(sender, WAKE_DELAY_MS);
  } catch (error) {
    warn("booking email sender not woken", error);
  }
}

/** Starts the periodic sweep (also started by the first wake) and looks for waiting emails now. */
export function startBookingEmailSender(): void {
  wakeBookingEmailSender();
}

/** Stops the timers and waits for a running drain (tests, before their database closes). */
export async function stopBookingEmailSender(): Promise<void> {
  const sender = state();
  sender.stopped = true;
  clearTimeout(sender.timer);
  clearInterval(sender.sweep);
  const running = sender.running;
  holder.__studioBookingEmailSender = {};
  await running;
}

function startSweep(sender: SenderState): void {
  if (sender.sweep) return;
  // Emails enqueued by a process that died before sending them, and retries after a lease ends.
  sender.sweep = setInterval(() => {
    sender.pendingSince ??= Date.now();
    if (!sender.running) arm(sender, 0);
  }, SWEEP_INTERVAL_MS);
  sender.sweep.unref();
}

function arm(sender: SenderState, delayMs: number): void {
  if (sender.timer || sender.stopped) return;
  sender.timer = setTimeout(() => tick(sender), delayMs);
  sender.timer.unref();
}

function tick(sender: SenderState): void {
  sender.timer = undefined;
  try {
    if (shouldDefer(sender)) return arm(sender, BUSY_RECHECK_MS);
    sender.wokenWhileRunning = false;
    let yielded = false;
    const shouldYield = () => (yielded = sender.stopped === true || shouldDefer(sender));
    const waitForTurn = (claimedAt: number) => waitForTurnOf(sender, claimedAt);
    sender.running = drainBookingEmails({ shouldYield, waitForTurn }).then(
      () => afterDrain(sender, yielded),
      (error: unknown) => {
        sender.running = undefined;
        sender.pendingSince = undefined; // the sweep tries again: no tight loop on a closed database
        warn("booking emails not drained", error);
      },
    );
  } catch (error) {
    warn("booking emails not drained", error);
  }
}

function afterDrain(sender: SenderState, yielded: boolean): void {
  sender.running = undefined;
  if (yielded) return arm(sender, BUSY_RECHECK_MS);
  if (sender.wokenWhileRunning) return arm(sender, WAKE_DELAY_MS);
  sender.pendingSince = undefined;
}

/**
 * Before each email of a batch: requests that arrived meanwhile are served first (one turn of the
 * event loop), and while any is in flight the email waits, so a request waits behind one email at
 * most, not behind a batch. The wait ends with the usual deferral limit, or half the batch's lease.
 */
async function waitForTurnOf(sender: SenderState, claimedAt: number): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  while (!sender.stopped && Date.now() - claimedAt < MAX_HOLD_MS && shouldDefer(sender)) {
    await new Promise((resolve) => setTimeout(resolve, TURN_RECHECK_MS));
  }
}

/** Requests come first, unless the oldest waiting email has waited long enough. */
function shouldDefer(sender: SenderState): boolean {
  if (requestsInFlight() === 0) return false;
  return Date.now() - (sender.pendingSince ?? Date.now()) < env().EMAIL_MAX_DEFER_MS;
}

function warn(msg: string, error: unknown): void {
  try {
    log.warn(msg, { errorName: error instanceof Error ? error.name : typeof error });
  } catch {
    // logging must not turn a background failure into a crash
  }
}
