/**
 * The VAT included in a VAT-inclusive `amount` (minor units) at `basisPoints` hundredths of a percent
 * (2500 = 25 %): amount × rate / (100 + rate), rounded half up to the minor unit. Integer arithmetic
 * throughout, so 12.5 % of 12,500 is exactly 1,389 and never 1,388.888….
 */
export function vatIncluded(amount: number, basisPoints: number): number {
  const denominator = 10_000 + basisPoints;
  return Math.floor((2 * amount * basisPoints + denominator) / (2 * denominator));
}

/** A percentage with up to two decimals (25, 12.5) in basis points (2500, 1250), and back. */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / 100;
}
