import { formatMoney } from "@/lib/format/money";
import { formatLocaleOf } from "@/lib/i18n/format-locale";
import type { Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { studioDate } from "@/lib/studio-time/studio-date";

/**
 * What a withdrawn purchase was used for (FAL §22), as measured before the refund: a class pass by
 * its classes, an unlimited pass or a membership by its days. `notStartedNow`: the buyer did not
 * expressly ask to start at once, so nothing is charged whatever was used; `noPeriod`: an unlimited
 * pass without an end has no days to divide by, so nothing is charged either.
 */
export type WithdrawalUse =
  | { kind: "classes"; used: number; classes: number }
  | { kind: "days"; used: number; days: number }
  | { kind: "notStartedNow" }
  | { kind: "noPeriod" };

/**
 * Minor units the buyer pays for `use` of `paid`: paid × used / classes (or days), rounded down to
 * whole øre, the buyer's favour; never more than paid.
 */
export function usedAmountOf(paid: number, use: WithdrawalUse): number {
  if (use.kind === "classes") return proRata(paid, use.used, use.classes);
  if (use.kind === "days") return proRata(paid, use.used, use.days);
  return 0;
}

function proRata(paid: number, used: number, of: number): number {
  if (of <= 0 || used <= 0) return 0;
  return Math.floor((paid * Math.min(used, of)) / of);
}

const DAY_MS = 86_400_000;

/**
 * Days of a period begun by `now`, in the studio's calendar: the day of the start counts as used
 * (the buyer could use it), as does the day of the withdrawal; capped at the period's days. The
 * period's days are its studio dates from the start's up to the end's (the end exclusive: a month
 * from 3 March ends at 3 April, 31 days).
 */
export function daysUsed({ from, until, now, timezone }: { from: Date; until: Date; now: Date; timezone: string }): {
  used: number;
  days: number;
} {
  const start = studioDate(from, timezone);
  const days = Math.max(1, dateDiff(start, studioDate(until, timezone)));
  const used = now < from ? 0 : dateDiff(start, studioDate(now, timezone)) + 1;
  return { used: Math.min(used, days), days };
}

function dateDiff(fromIso: string, toIso: string): number {
  return Math.round((Date.parse(`${toIso}T00:00:00Z`) - Date.parse(`${fromIso}T00:00:00Z`)) / DAY_MS);
}

/** `basis` of a withdrawal: how its usedAmount was worked out, in words, in the buyer's language. */
export function basisOf(
  { use, paid, usedAmount, currency }: { use: WithdrawalUse; paid: number; usedAmount: number; currency: string },
  { locale, studioLocaleTag }: { locale: Locale; studioLocaleTag: string },
): string {
  const t = translatorFor(locale, "Withdrawals");
  const money = (amount: number) => formatMoney(amount, currency, formatLocaleOf(locale, studioLocaleTag));
  const amounts = { paid: money(paid), usedAmount: money(usedAmount) };
  switch (use.kind) {
    case "classes":
      if (use.used === 0) return t("basisNothingUsed", amounts);
      return t("basisClasses", { ...amounts, used: use.used, classes: use.classes });
    case "days":
      return t("basisDays", { ...amounts, used: use.used, days: use.days });
    case "notStartedNow":
      return t("basisNotStartedNow", amounts);
    case "noPeriod":
      return t("basisNoPeriod", amounts);
  }
}
