import { endOfQuietHours, type QuietHours } from "@/lib/studio-time/quiet-hours";

const MINUTE_MS = 60_000;

/** What decides whether a freed place is offered, and on what terms: the account's policy. */
export type OfferPolicy = {
  waitlistMode: string;
  waitlistOfferMinutes: number;
  waitlistAutoWithinMinutes: number;
  quietHours: QuietHours | null;
  timezone: string;
};

/** An offer's terms: when its email goes out and until when the place is held. */
export type OfferPlan = { emailAt: Date; expiresAt: Date };

/**
 * Whether a place freed at `now` in a class starting at `startsAt` is offered (decisions 0039 and
 * 0048), and on what terms; null: it is promoted automatically. In `offer` mode the offer is
 * emailed at `now`, or at the end of the quiet hours `now` falls in, and is held from then for
 * `waitlistOfferMinutes` (at the latest the start); an expiry inside quiet hours moves to their end.
 * Automatic instead when the email would go out inside `waitlistAutoWithinMinutes` of the start, or
 * the class starts before the moved expiry (the person could not answer in time).
 */
export function planOffer({
  now,
  startsAt,
  policy,
}: {
  now: Date;
  startsAt: Date;
  policy: OfferPolicy;
}): OfferPlan | null {
  if (policy.waitlistMode !== "offer") return null;
  const quietEnd = (instant: Date) => endOfQuietHours(instant, policy.quietHours, policy.timezone);
  const emailAt = quietEnd(now) ?? now;
  if (startsAt.getTime() - emailAt.getTime() <= policy.waitlistAutoWithinMinutes * MINUTE_MS) return null;
  const held = new Date(Math.min(emailAt.getTime() + policy.waitlistOfferMinutes * MINUTE_MS, startsAt.getTime()));
  const expiresAt = quietEnd(held) ?? held;
  if (expiresAt > startsAt) return null;
  return { emailAt, expiresAt };
}

/** The account's quiet hours from its two columns: none unless both are set. */
export function quietHoursOf(account: {
  quietHoursFrom: string | null;
  quietHoursTo: string | null;
}): QuietHours | null {
  const { quietHoursFrom: from, quietHoursTo: to } = account;
  return from !== null && to !== null ? { from, to } : null;
}
