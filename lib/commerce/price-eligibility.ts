import type { Price } from "@prisma/client";
import { studioDate } from "@/lib/studio-time/studio-date";

/** Whole years between a date of birth and a calendar day (`YYYY-MM-DD`, both as dates). */
export function ageOn(dateOfBirth: string, day: string): number {
  const [birthYear, birthMonth, birthDay] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const [year, month, dayOfMonth] = day.split("-").map(Number) as [number, number, number];
  const hadBirthday = month > birthMonth || (month === birthMonth && dayOfMonth >= birthDay);
  return year - birthYear - (hadBirthday ? 0 : 1);
}

/**
 * Whether a buyer may pay `price`: without `minAge`/`maxAge` everyone may; with either, the buyer's
 * age on the purchase day in the studio's timezone must lie within the bounds (both inclusive), and
 * a buyer without a date of birth is not eligible. Someone born on 29 February turns a year older on
 * 1 March in other years.
 */
export function isEligibleForPrice(
  price: Pick<Price, "minAge" | "maxAge">,
  buyer: { dateOfBirth: Date | null },
  options: { timezone: string; now?: Date },
): boolean {
  if (price.minAge === null && price.maxAge === null) return true;
  if (!buyer.dateOfBirth) return false;
  const today = studioDate(options.now ?? new Date(), options.timezone);
  const age = ageOn(buyer.dateOfBirth.toISOString().slice(0, 10), today);
  if (price.minAge !== null && age < price.minAge) return false;
  if (price.maxAge !== null && age > price.maxAge) return false;
  return true;
}
