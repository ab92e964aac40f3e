import "server-only";

// Requests this process is serving right now: counted around every request by lib/http/load-shedding.ts,
// read by background work that yields to requests (the booking email sender).
const holder = globalThis as typeof globalThis & { __studioInFlight?: number };

export function requestsInFlight(): number {
  return holder.__studioInFlight ?? 0;
}

/** Runs `work` counted as a request in flight. */
export async function asRequestInFlight<T>(work: () => Promise<T>): Promise<T> {
  holder.__studioInFlight = requestsInFlight() + 1;
  try {
    return await work();
  } finally {
    holder.__studioInFlight = requestsInFlight() - 1;
  }
}
