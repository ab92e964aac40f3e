/**
 * Confirmed bookings ÷ capacity, as a ratio 0..1 rounded to 4 decimals. No capacity: 0. Capacity
 * lowered below the confirmed count keeps the bookings (decisions §7), so the ratio is capped at 1.
 */
export function fillRate(confirmed: number, capacity: number): number {
  if (capacity <= 0 || confirmed <= 0) return 0;
  return Math.round(Math.min(1, confirmed / capacity) * 10_000) / 10_000;
}
