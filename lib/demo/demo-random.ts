/**
 * A seeded pseudo-random generator (mulberry32): the same seed gives the same numbers in [0, 1), so
 * the demo's past is the same on every reset with the same `now`. Not for anything secret.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Up to `count` distinct items, each drawn with a chance proportional to its weight. */
export function drawWeighted<T>(items: T[], weightOf: (item: T) => number, count: number, random: () => number): T[] {
  const left = [...items];
  const drawn: T[] = [];
  while (drawn.length < count && left.length > 0) {
    const total = left.reduce((sum, item) => sum + weightOf(item), 0);
    let point = random() * total;
    let index = left.findIndex((item) => (point -= weightOf(item)) < 0);
    if (index === -1) index = left.length - 1;
    drawn.push(left.splice(index, 1)[0]!);
  }
  return drawn;
}
