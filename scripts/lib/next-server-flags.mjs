// @ts-check
/**
 * The Node flags `next start` runs with, in production (`npm start`) and in the benches that
 * measure it.
 * - A young generation of 32 MB per semi-space instead of V8's 16 MB: serving a request
 *   allocates many short-lived objects (Next's web streams, headers, promises), and with the default
 *   the server spent about a tenth of its time in scavenges. Measured by `npm run bench` (bookings):
 *   64 MB gave about +10% for the trivial route and for bookings alike over 16 MB; 32 MB showed the
 *   same server CPU per booking as 64 MB (issue 35, alternating runs on a busy machine) and holds
 *   ~100 MB less under load (two semi-spaces of 32 instead of 64, committed once touched).
 *   (The email worker thread starts with a smaller one: lib/email/email-workers.ts.)
 * - An old generation of at most 256 MB: without a limit V8 sizes the heap from the machine's memory
 *   (4 GB here) and, under load, lets garbage grow the old generation by hundreds of MB before it
 *   collects; with it, one instance stays within a 512 MB container (issue 35,
 *   docs/decisions/0043-memory.md). The server's live heap under load is about 100-150 MB.
 * A `--max-semi-space-size` or `--max-old-space-size` already in NODE_OPTIONS wins over its default here.
 */
/** @returns {string[]} */
export function nextServerNodeFlags() {
  const options = process.env.NODE_OPTIONS ?? "";
  return [
    ...(options.includes("--max-semi-space-size") ? [] : ["--max-semi-space-size=32"]),
    ...(options.includes("--max-old-space-size") ? [] : ["--max-old-space-size=256"]),
  ];
}
