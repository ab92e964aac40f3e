import "server-only";

// Counted by lib/http/load-shedding.ts; read here by background work that yields to requests.
const holder = globalThis as typeof globalThis & { __studioInFlight?: number };

/** Requests this process is serving right now. */
export function requestsInFlight(): number {
  return holder.__studioInFlight ?? 0;
}
