import "server-only";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

/** Imports that wait for a turn, per turn IMPORTS_AT_ONCE allows: more are answered 503 at once. */
const WAITING_PER_TURN = 4;
/** How long one waits for its turn before it is answered 503. */
const MAX_WAIT_MS = 15_000;
/** When a refused import may try again. */
const RETRY_AFTER_SECONDS = 5;

type Gate = { active: number; waiting: { start: () => void; timer: NodeJS.Timeout }[] };
const holder = globalThis as typeof globalThis & { __studioImportGate?: Gate };
const gate = (holder.__studioImportGate ??= { active: 0, waiting: [] });

/**
 * Runs an import's heavy work (reading an upload, a commit's first batch, checking every row
 * again) when this process runs fewer than IMPORTS_AT_ONCE of them (default 2), so that one studio's
 * uploads cannot take the memory and the connections every studio needs (decision 0045). A few more
 * wait in turn, briefly; past them, or after MAX_WAIT_MS, 503 `Service unavailable` with
 * `Retry-After`. The waiting ones hold no body read and no connection.
 */
export async function throughImportGate<T>(work: () => Promise<T>): Promise<T> {
  const limit = env().IMPORTS_AT_ONCE;
  if (gate.active < limit) gate.active += 1;
  else await waitForTurn(limit);
  try {
    return await work();
  } finally {
    const next = gate.waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.start(); // the turn passes straight to the next one
    } else gate.active -= 1;
  }
}

function waitForTurn(limit: number): Promise<void> {
  if (gate.waiting.length >= limit * WAITING_PER_TURN) return Promise.reject(busy());
  return new Promise<void>((resolve, reject) => {
    const entry = {
      start: resolve,
      timer: setTimeout(() => {
        gate.waiting.splice(gate.waiting.indexOf(entry), 1);
        reject(busy());
      }, MAX_WAIT_MS),
    };
    gate.waiting.push(entry);
  });
}

const busy = () => new AppError("service_unavailable", { retryAfter: RETRY_AFTER_SECONDS });
