/**
 * The Node flags `next start` runs with, in production (`npm start`) and in the benches that
 * measure it.
 * - A young generation of 64 MB per semi-space instead of V8's 16 MB: serving a request
 *   allocates many short-lived objects (Next's web streams, headers, promises), and with the default
 *   the server spent about a tenth of its time in scavenges. Measured by `npm run bench` (bookings):
 *   about +10% for the trivial route and for bookings alike, for up to ~100 MB more memory under load.
 *   (The email worker thread starts with a smaller one: lib/email/email-workers.ts.)
 * - An old generation of at most 256 MB: without a limit V8 sizes the heap from the machine's memory
 *   (4 GB here) and, under load, lets garbage grow the old generation by hundreds of MB before it
 *   collects; with it, one instance stays within a 512 MB container (issue 35,
 *   docs/decisions/0043-memory.md). The server's live heap under load is about 100-150 MB.
 * A `--max-semi-space-size` or `--max-old-space-size` already in NODE_OPTIONS wins over its default here.
 */
export function nextServerNodeFlags(): string[] {
  const options = process.env.NODE_OPTIONS ?? "";
  return [
    ...(options.includes("--max-semi-space-size") ? [] : ["--max-semi-space-size=64"]),
    ...(options.includes("--max-old-space-size") ? [] : ["--max-old-space-size=256"]),
  ];
}
