import "server-only";
import { log } from "@/lib/log";
import { databaseUnavailable, type DatabaseUnavailable } from "./errors";

// Whether this process last found the database reachable, so that an outage is logged once when it
// starts and once when it ends, however many requests fail meanwhile. Times are performance.now().
// On globalThis: Next's bundles may each hold a copy of this module.
type Reachability = { unreachableSince?: number; reachableAgainAt?: number };
const holder = globalThis as typeof globalThis & { __studioDatabaseReachability?: Reachability };
const state = (holder.__studioDatabaseReachability ??= {});

/**
 * Work begun at `startedAt` failed because the database could not be reached (lib/db/errors.ts,
 * databaseUnavailable): logged when the database was reachable until now. Work begun before the
 * database was last found reachable again failed on a connection lost before that: nothing new,
 * however late its error comes. `signal` says what gave the outage away.
 */
export function reportDatabaseUnreachable(signal: string, startedAt: number): void {
  if (state.unreachableSince !== undefined) return;
  if (state.reachableAgainAt !== undefined && startedAt < state.reachableAgainAt) return;
  state.unreachableSince = performance.now();
  log.error("database unreachable", { signal });
}

/**
 * A new connection to the database was made (the pool's "connect" event), begun at `connectingSince`:
 * logged when the database was unreachable until now. A connection begun before the outage was
 * noticed (its handshake done just as the server went away) proves nothing and is not counted.
 * Costs one comparison per new connection.
 */
export function reportDatabaseReachable(connectingSince: number): void {
  if (state.unreachableSince === undefined || connectingSince < state.unreachableSince) return;
  const now = performance.now();
  log.info("database reachable again", { unreachableMs: Math.round(now - state.unreachableSince) });
  state.unreachableSince = undefined;
  state.reachableAgainAt = now;
}

/**
 * Classifies a failure of work begun at `startedAt` (lib/db/errors.ts) and reports an unreachable
 * database; the classification, for the caller's answer. Every place that sees such errors uses it.
 */
export function noteDatabaseFailure(error: unknown, startedAt: number): DatabaseUnavailable | undefined {
  const unavailable = databaseUnavailable(error);
  if (unavailable?.reason === "unreachable") reportDatabaseUnreachable(unavailable.signal, startedAt);
  return unavailable;
}

/**
 * Forgets what this process last found (tests only): each test of an outage starts from a reachable
 * database, whatever an earlier test's last late refusal left behind.
 */
export function resetDatabaseReachability(): void {
  state.unreachableSince = undefined;
  state.reachableAgainAt = undefined;
}
