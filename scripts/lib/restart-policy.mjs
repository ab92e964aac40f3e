// @ts-check
/**
 * When `npm start` starts the app's server again after it died (scripts/serve.mjs): 1 s after the
 * first death, then 2, 4, 8, 16 and at most 30 s while it keeps dying soon after each start. A server
 * that stayed up for `STABLE_AFTER_MS` counts as healthy again: its next death waits 1 s.
 */
export const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 30_000;
export const STABLE_AFTER_MS = 60_000;

/**
 * @param {number} previousDelayMs the delay before the start that has just died (0: none yet)
 * @param {number} upForMs how long that server ran
 * @returns {number}
 */
export function nextRestartDelayMs(previousDelayMs, upForMs) {
  if (previousDelayMs === 0 || upForMs >= STABLE_AFTER_MS) return FIRST_DELAY_MS;
  return Math.min(previousDelayMs * 2, MAX_DELAY_MS);
}

/**
 * The JSON line logged when the server died, in the shape of the app's own log lines (lib/log.ts).
 * @param {{ code: number | null; signal: NodeJS.Signals | null; pid: number | undefined; upForMs: number; restartInMs: number; now?: Date }} death
 * @returns {string}
 */
export function serverDiedLine(death) {
  return JSON.stringify({
    level: "error",
    msg: "server died",
    time: (death.now ?? new Date()).toISOString(),
    pid: death.pid,
    exitCode: death.code,
    signal: death.signal,
    upForSeconds: Math.round(death.upForMs / 1000),
    restartInSeconds: death.restartInMs / 1000,
  });
}
