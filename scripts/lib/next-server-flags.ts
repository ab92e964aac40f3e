/**
 * The Node flags `next start` runs with, in production (`npm start`) and in the benches that
 * measure it. A young generation of 64 MB per semi-space instead of V8's 16 MB: serving a request
 * allocates many short-lived objects (Next's web streams, headers, promises), and with the default
 * the server spent about a tenth of its time in scavenges. Measured by `npm run bench` (bookings):
 * about +10% for the trivial route and for bookings alike, for up to ~150 MB more memory under load.
 * A `--max-semi-space-size` already in NODE_OPTIONS wins.
 */
export function nextServerNodeFlags(): string[] {
  return process.env.NODE_OPTIONS?.includes("--max-semi-space-size") ? [] : ["--max-semi-space-size=64"];
}
