// @ts-check
/**
 * Calls `stop` once, when the process that started this one has gone (this one was handed to init
 * or a subreaper: `process.ppid` changed). Checked every `intervalMs`; the timer keeps nothing alive.
 * Returns a function that stops watching.
 *
 * For `npm start` / `npm run dev` (scripts/serve.mjs): npm runs a script through `sh -c`, and on
 * SIGTERM it signals that shell alone, which dies without passing the signal on (dash, Debian's
 * /bin/sh, does not exec the command it runs). Without this, serve.mjs and the server under it would
 * go on serving, orphaned, and keep the port.
 * @param {() => void} stop
 * @param {number} [intervalMs]
 * @returns {() => void}
 */
export function stopWhenOrphaned(stop, intervalMs = 500) {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    stop();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
