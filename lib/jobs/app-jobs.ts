import "server-only";
import { getDatabase } from "@/lib/db";
import { sendWaitingDineroVouchers } from "@/lib/accounting/send-dinero-vouchers";
import { sendWaitingSignInEmails } from "@/lib/auth/send-waiting-sign-in-emails";
import { sendWaitingBookingEmails } from "@/lib/bookings/booking-email-sender";
import { scheduleDueReminders } from "@/lib/bookings/schedule-reminders";
import { STANDING_SWEEP_EVERY_MS, sweepStandingBookings } from "@/lib/bookings/sweep-standing-bookings";
import { schedulePassNotices } from "@/lib/commerce/schedule-pass-notices";
import { sweepStaleSeatHolds } from "@/lib/commerce/course-seat-holds";
import { pollMobilepayAgreements } from "@/lib/commerce/mobilepay-memberships";
import { renewMobilepayMemberships } from "@/lib/commerce/mobilepay-renewals";
import { expireWaitlistOffers } from "@/lib/bookings/expire-waitlist-offers";
import { commitWaitingImports } from "@/lib/imports/commit-import";
import { log } from "@/lib/log";
import { sendWaitingNoticeEmails } from "@/lib/notices/send-waiting-notice-emails";
import { sendWaitingReceiptEmails } from "@/lib/receipts/send-receipt-email";
import { sendDueWebhooks } from "@/lib/webhooks/webhook-sender";
import { PRUNE_INTERVAL_MS, pruneWebhookDeliveries } from "@/lib/webhooks/prune-webhook-deliveries";

/**
 * A kind of work the runner drains on a wake and on every sweep (lib/jobs/run-jobs.ts does the
 * claiming). `alsoWakes`: what its rows may write into other outboxes, drained after it.
 */
export type DrainedWork = {
  name: string;
  drain: () => Promise<unknown>;
  alsoWakes?: readonly DrainName[] | "all";
};
/** Work that puts rows in an outbox (or deletes them) on a schedule, before the drains. */
export type PeriodicWork = { name: string; everyMs: number; run: (now: Date) => Promise<unknown> };

/** A drained work's name: what a domain function names when it wakes the runner for its rows alone. */
export type DrainName =
  | "sign-in emails"
  | "booking emails"
  | "webhook deliveries"
  | "notice emails"
  | "receipt emails"
  | "import commits"
  | "Dinero vouchers";

/**
 * The app's background work (decision 0028 maps it). Each run does the periodic work due, then
 * drains the kinds woken (every kind on a sweep) at once (lib/jobs/wake.ts). A drain resolves with
 * how much it did.
 */
export const drainedWork: (DrainedWork & { name: DrainName })[] = [
  { name: "sign-in emails", drain: () => sendWaitingSignInEmails() },
  { name: "booking emails", drain: () => sendWaitingBookingEmails() },
  // an endpoint disabled by its failures writes its administrators' emails with the change
  { name: "webhook deliveries", drain: () => sendDueWebhooks({ now: () => new Date() }), alsoWakes: ["notice emails"] },
  { name: "notice emails", drain: () => sendWaitingNoticeEmails() },
  { name: "receipt emails", drain: () => sendWaitingReceiptEmails() },
  // a committed import books, grants and invites: its rows write into every outbox
  { name: "import commits", drain: () => commitWaitingImports(), alsoWakes: "all" },
  { name: "Dinero vouchers", drain: () => sendWaitingDineroVouchers() },
];

export const periodicWork: PeriodicWork[] = [
  { name: "standing places", everyMs: STANDING_SWEEP_EVERY_MS, run: (now) => sweepStandingBookings({ now }) },
  { name: "class reminders", everyMs: 30_000, run: (now) => scheduleDueReminders(getDatabase().raw, now) },
  { name: "pass notices", everyMs: 30_000, run: (now) => schedulePassNotices(getDatabase().raw, now) },
  { name: "stale seat holds", everyMs: 60_000, run: (now) => sweepStaleSeatHolds(now) },
  { name: "waitlist offers", everyMs: 30_000, run: (now) => expireWaitlistOffers(now) },
  { name: "MobilePay agreements", everyMs: 60_000, run: (now) => pollMobilepayAgreements(now) },
  { name: "MobilePay renewals", everyMs: 5 * 60_000, run: (now) => renewMobilepayMemberships({ now }) },
  {
    name: "webhook deliveries pruning",
    everyMs: PRUNE_INTERVAL_MS,
    run: async (now) => {
      const deleted = await pruneWebhookDeliveries({ sql: getDatabase().raw, now });
      if (deleted) log.info("webhook deliveries pruned", { deleted });
    },
  },
];
