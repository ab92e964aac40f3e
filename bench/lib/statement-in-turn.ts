// The booking statement alone, without HTTP and without concurrency: book_instance called one call
// after another on one connection, as the servers send it (prepared). Its time is the database's
// work for one booking, its commit and one local round trip; the CPU is that connection's backend's.
import { BOOK_SQL } from "./booking-statement";
import type { Pair } from "./booking-seed";
import { cpuDelta, pidsCpu } from "./process-cpu";
import { backendPid, type Scratch } from "./scratch-database";

/** Calls before the measured ones (plans, caches). */
const WARM_UP_CALLS = 200;
export const STATEMENT_IN_TURN_CALLS = 2000;

export async function statementInTurn(
  scratch: Scratch,
  next: () => Pair,
): Promise<{ calls: number; confirmed: number; msPerCall: number; backendCpuMsPerCall: number }> {
  const { hashToken } = await import("@/lib/auth/tokens");
  const book = async (pair: Pair) => {
    const { rows } = await scratch.client.query<{ outcome: string }>({
      name: "book_instance",
      text: BOOK_SQL,
      values: [hashToken(pair.attendee.token), new Date().toISOString(), pair.instanceId],
    });
    return rows[0]!.outcome;
  };
  for (let n = 0; n < WARM_UP_CALLS; n++) await book(next());
  const pid = await backendPid(scratch.client);
  const backend0 = pidsCpu([pid]);
  const started = performance.now();
  let confirmed = 0;
  for (let n = 0; n < STATEMENT_IN_TURN_CALLS; n++) if ((await book(next())) === "confirmed") confirmed++;
  const elapsedMs = performance.now() - started;
  const backendMs = cpuDelta(backend0, pidsCpu([pid]));
  const round3 = (value: number) => Math.round(value * 1000) / 1000;
  return {
    calls: STATEMENT_IN_TURN_CALLS,
    confirmed,
    msPerCall: round3(elapsedMs / STATEMENT_IN_TURN_CALLS),
    backendCpuMsPerCall: round3(backendMs / STATEMENT_IN_TURN_CALLS),
  };
}
