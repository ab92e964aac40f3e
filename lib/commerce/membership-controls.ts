import type { Entitlement } from "@prisma/client";
import { pauseRunsPast } from "./entitlement-pause";

/** What may be done to a membership now: cancel it, pause it, end its pause. */
export type MembershipControls = { cancellable: boolean; pausable: boolean; resumable: boolean };

type Held = Pick<Entitlement, "status" | "remainingClasses" | "validUntil" | "cancelAt" | "pausedFrom" | "pausedUntil">;

/**
 * The one rule of what a membership (an entitlement of a subscription product) allows at `now`, `today`
 * being the studio's date (`YYYY-MM-DD`). cancelSubscription refuses what is not cancellable; the person
 * overview and both pages (the desk's person page, the member's own page) offer only what it allows.
 *
 * - cancellable: it would still be renewed — stored `active` (not refunded, revoked or marked ended) and not
 *   cancelled yet, the same entitlements the renewals extend (renew-subscriptions.ts, extend-subscription.ts).
 *   That includes a membership whose paid period has passed while its renewal is still to come (a Stripe
 *   invoice being retried, the renewal job not run yet): cancelling it stops that renewal.
 * - pausable: it runs (shown `active`: not past its end, classes left) and no pause runs or is to come (one
 *   pause at a time, pause-entitlement.ts); a cancelled membership may be paused, its end moves along.
 * - resumable: it runs and a pause runs or is to come.
 *
 * Anything that is no membership allows none of them.
 */
export function membershipControls(
  entitlement: Held,
  { subscription, now, today }: { subscription: boolean; now: Date; today: string },
): MembershipControls {
  const renews = subscription && entitlement.status === "active" && entitlement.cancelAt === null;
  const runs =
    subscription &&
    entitlement.status === "active" &&
    (entitlement.remainingClasses === null || entitlement.remainingClasses > 0) &&
    (entitlement.validUntil === null || entitlement.validUntil > now);
  const paused = pauseRunsPast(entitlement, today);
  return { cancellable: renews, pausable: runs && !paused, resumable: runs && paused };
}
