// BENCH_QUICK=1: every aim answered in about a third of a full run's time (issue 35: at most 12
// minutes), so it can be run at the end of any change to a hot path. Shorter sustained runs and one
// round instead of three; each figure is the same measure, with a wider spread. A full run decides.

export const QUICK = Boolean(process.env.BENCH_QUICK);

/** Seconds of each sustained load run: BENCH_LOAD_SECONDS, else 60 (15 quick). */
export function loadSeconds(): number {
  return Number(process.env.BENCH_LOAD_SECONDS ?? (QUICK ? 15 : 60));
}

/** Rounds of alternating runs: BENCH_ROUNDS, else 3 (1 quick). */
export function rounds(): number {
  return Math.max(1, Number(process.env.BENCH_ROUNDS ?? (QUICK ? 1 : 3)));
}

/** Measured requests a figure of the scale bench: BENCH_SCALE_SAMPLES, else 200 (80 quick). */
export function scaleSamples(): number {
  return Math.max(20, Number(process.env.BENCH_SCALE_SAMPLES ?? (QUICK ? 80 : 200)));
}

/** Unmeasured requests before a scale figure: BENCH_SCALE_WARM_UP, else 30 (15 quick). */
export function scaleWarmUp(): number {
  return Math.max(1, Number(process.env.BENCH_SCALE_WARM_UP ?? (QUICK ? 15 : 30)));
}
