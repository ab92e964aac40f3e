import "server-only";

type Turn = "granted" | "recheck";
type Gate = { active: number; waiting: ((turn: Turn) => void)[]; full: boolean };

const holder = globalThis as typeof globalThis & {
  __studioInstanceGates?: Map<string, Gate>;
  __studioFullSeen?: Map<string, number>;
};
const gates = (holder.__studioInstanceGates ??= new Map<string, Gate>());
/** When this process last saw each key's class full (Date.now()), oldest first; a hint, never a rule. */
const fullSeen = (holder.__studioFullSeen ??= new Map<string, number>());
const FULL_SEEN_MAX_KEYS = 10_000;

/**
 * Lets at most `limit` callers of this process run `work` for one key (an instance id) at a time;
 * the others wait in memory, holding no database connection. Correctness does not depend on it (the
 * instance's row lock serializes every process); it keeps a hot class from filling the connection
 * pool with transactions that would only queue for that lock.
 *
 * When `work` reports that the class is full (`markFull`), every waiter is woken at once to run
 * `recheck` (a lock-free evaluation, in parallel): those it refuses answer at once (`recheck` throws),
 * the others (waitlist joins, say) queue again. Otherwise a finished caller hands its slot to the next.
 */
export async function throughInstanceGate<T>(
  key: string,
  limit: number,
  recheck: () => Promise<void>,
  work: (markFull: () => void) => Promise<T>,
): Promise<T> {
  for (;;) {
    const turn = await acquire(key, limit);
    if (turn === "recheck") {
      await recheck();
      continue;
    }
    const gate = gates.get(key)!;
    try {
      return await work(() => {
        gate.full = true;
        rememberFull(key);
      });
    } finally {
      release(key, gate);
    }
  }
}

/** This process saw `key`'s class full (a `markFull`) within the last `withinMs`. */
export function wasSeenFull(key: string, withinMs: number): boolean {
  const seenAt = fullSeen.get(key);
  return seenAt !== undefined && Date.now() - seenAt < withinMs;
}

function rememberFull(key: string): void {
  fullSeen.delete(key); // re-inserted last: the map stays in order of time
  fullSeen.set(key, Date.now());
  if (fullSeen.size > FULL_SEEN_MAX_KEYS) fullSeen.delete(fullSeen.keys().next().value!);
}

function acquire(key: string, limit: number): Promise<Turn> {
  let gate = gates.get(key);
  if (!gate) {
    gate = { active: 0, waiting: [], full: false };
    gates.set(key, gate);
  }
  if (gate.active < limit) {
    gate.active += 1;
    return Promise.resolve("granted");
  }
  const waitingGate = gate;
  return new Promise<Turn>((resolve) => waitingGate.waiting.push(resolve));
}

function release(key: string, gate: Gate): void {
  if (gate.full) {
    gate.full = false;
    const woken = gate.waiting.splice(0);
    gate.active -= 1;
    for (const wake of woken) wake("recheck");
  } else {
    const next = gate.waiting.shift();
    if (next)
      next("granted"); // the slot passes straight to the next waiter
    else gate.active -= 1;
  }
  if (gate.active === 0 && gate.waiting.length === 0) gates.delete(key);
}
