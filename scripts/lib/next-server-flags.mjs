// @ts-check
/**
 * The Node flags `npm start` runs the app's server with, and the benches that measure it
 * (docs/decisions/0043-memory.md).
 * - An old generation of at most 384 MB: a safety net, at least 1.5× the largest heap the soak bench
 *   measured with every route loaded (224 MB used, PostgreSQL; `BENCH_ONLY=soak npm run bench`).
 *   Without a limit V8 sizes the heap from the machine's memory (4 GB here) and lets garbage grow by
 *   hundreds of MB before it collects; the earlier 256 MB was below what an instance that has
 *   served every route holds, and the server died of it (issue 43).
 * - Young-generation semi-spaces of 16 MB, V8's default on 64-bit: with every route loaded 32 MB
 *   held ~45 MB more resident (two semi-spaces, committed once touched) for a few percent of
 *   throughput (issue 35 measured +10% for 64 over 16 on bookings).
 *   (The email worker thread starts with a smaller one: lib/email/email-workers.ts.)
 * A `--max-semi-space-size` or `--max-old-space-size` already in NODE_OPTIONS wins over its default here.
 */
/** @returns {string[]} */
export function nextServerNodeFlags() {
  const options = process.env.NODE_OPTIONS ?? "";
  return [
    ...(options.includes("--max-semi-space-size") ? [] : ["--max-semi-space-size=16"]),
    ...(options.includes("--max-old-space-size") ? [] : ["--max-old-space-size=384"]),
  ];
}
