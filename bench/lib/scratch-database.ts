// What the bookings bench reads from its scratch database on its own connection: the booking email
// outbox, and the CPU of that database's backends (only those: not every postgres on the machine).
import type pg from "pg";
import { cpuDelta, pidsCpu, type CpuSnapshot } from "./process-cpu";

export type Scratch = { client: pg.Client; name: string };

export async function pendingEmails(scratch: Scratch): Promise<number> {
  return Number((await scratch.client.query(`SELECT count(*) AS n FROM "BookingEmail"`)).rows[0].n);
}

/**
 * Waits until the "BookingEmail" outbox is empty (the server measured sends its own emails), at most
 * `deadlineSeconds`. Throws with `why` when the deadline passes.
 */
export async function waitForEmptyOutbox(scratch: Scratch, deadlineSeconds: number, why: string): Promise<void> {
  const started = performance.now();
  for (;;) {
    const pending = await pendingEmails(scratch);
    const seconds = (performance.now() - started) / 1000;
    if (pending === 0) return;
    if (seconds > deadlineSeconds)
      throw new Error(`${pending} booking emails still queued ${deadlineSeconds} s ${why}: is the sender stuck?`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The scratch database's backends but the bench's own connection: servers' pools, autovacuum. */
async function backendPids(scratch: Scratch): Promise<number[]> {
  const { rows } = await scratch.client.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
    [scratch.name],
  );
  return rows.map((row) => row.pid);
}

export type BackendsCpu = { pids: number[]; cpu: CpuSnapshot };

export async function backendsCpu(scratch: Scratch): Promise<BackendsCpu> {
  const pids = await backendPids(scratch);
  return { pids, cpu: pidsCpu(pids) };
}

/**
 * CPU of the backends between two snapshots (one begun meanwhile counts from its start), and how many
 * ended meanwhile: their CPU within the run is missing.
 */
export function backendsDelta(before: BackendsCpu, after: BackendsCpu): { ms: number; ended: number } {
  return { ms: cpuDelta(before.cpu, after.cpu), ended: before.pids.filter((pid) => !after.pids.includes(pid)).length };
}

/** The pid of the backend serving `client` (its CPU is read from /proc). */
export async function backendPid(client: pg.Client): Promise<number> {
  return (await client.query<{ pid: number }>(`SELECT pg_backend_pid() AS pid`)).rows[0]!.pid;
}
