import "server-only";
import { getDatabase } from "@/lib/db";
import { sendWaitingDineroVouchers } from "@/lib/accounting/dinero-voucher-jobs";
import { sendWaitingSignInEmails } from "@/lib/auth/sign-in-email-jobs";
import { drainBookingEmails } from "@/lib/bookings/booking-email-jobs";
import { scheduleDueReminders } from "@/lib/bookings/schedule-reminders";
import { STANDING_SWEEP_EVERY_MS, sweepStandingBookings } from "@/lib/bookings/sweep-standing-bookings";
import { schedulePassNotices } from "@/lib/commerce/schedule-pass-notices";
import { sweepStaleSeatHolds } from "@/lib/commerce/course-seat-holds";
import { providersWithOwnWork } from "@/lib/payments/provider";
import { expireGiftCards } from "@/lib/gift-cards/expire-gift-cards";
import { sendWaitingGiftCardEmails } from "@/lib/gift-cards/gift-card-email-jobs";
import { scheduleGiftCardExpiryNotices } from "@/lib/gift-cards/schedule-gift-card-expiry-notices";
import { expireWaitlistOffers } from "@/lib/bookings/expire-waitlist-offers";
import { commitWaitingImports } from "@/lib/imports/import-commit-jobs";
import { log } from "@/lib/log";
import { drainNoticeEmails } from "@/lib/notices/notice-email-jobs";
import { sendWaitingReceiptEmails } from "@/lib/receipts/receipt-email-jobs";
import { drainWebhookDeliveries } from "@/lib/webhooks/webhook-delivery-jobs";
import { retryWithdrawalRefunds, WITHDRAWAL_REFUND_RETRY_MS } from "@/lib/withdrawals/withdrawal-refund-jobs";
import { PRUNE_INTERVAL_MS, pruneWebhookDeliveries } from "@/lib/webhooks/prune-webhook-deliveries";
import { appEmailJobOptions, appWebhookJobOptions } from "./app-job-options";
import type { AppWork, DrainedWork, PeriodicWork } from "./work";

/**
 * The app's background work (decision 0028 maps it), one file per kind (`lib/<domain>/<noun>-jobs.ts`),
 * handed to the runner at start (lib/system/start-background-work.ts). Each run does the periodic
 * work due, then drains the kinds woken (every kind on a sweep) at once (lib/jobs/wake.ts). A drain
 * resolves with how much it did; the runner (run-jobs.ts) logs its retries and give-ups.
 */
export const drainedWork: DrainedWork[] = [
  { name: "sign-in emails", drain: () => sendWaitingSignInEmails() },
  { name: "booking emails", drain: async () => drainBookingEmails(appEmailJobOptions()) },
  // an endpoint disabled by its failures writes its administrators' emails with the change
  {
    name: "webhook deliveries",
    drain: async () => drainWebhookDeliveries(appWebhookJobOptions()),
    alsoWakes: ["notice emails"],
  },
  { name: "notice emails", drain: async () => drainNoticeEmails(appEmailJobOptions()) },
  { name: "receipt emails", drain: () => sendWaitingReceiptEmails() },
  // a committed import books, grants and invites: its rows write into every outbox
  { name: "import commits", drain: () => commitWaitingImports(), alsoWakes: "all" },
  { name: "Dinero vouchers", drain: () => sendWaitingDineroVouchers() },
  { name: "gift card emails", drain: () => sendWaitingGiftCardEmails() },
];

export const periodicWork: PeriodicWork[] = [
  { name: "standing places", everyMs: STANDING_SWEEP_EVERY_MS, run: (now) => sweepStandingBookings({ now }) },
  { name: "class reminders", everyMs: 30_000, run: (now) => scheduleDueReminders(getDatabase().raw, now) },
  { name: "pass notices", everyMs: 30_000, run: (now) => schedulePassNotices(getDatabase().raw, now) },
  { name: "stale seat holds", everyMs: 60_000, run: (now) => sweepStaleSeatHolds(now) },
  { name: "waitlist offers", everyMs: 30_000, run: (now) => expireWaitlistOffers(now) },
  // cards past their last day expire (and their holders are told), then the reminders due are written
  {
    name: "gift card expiry",
    everyMs: 60_000,
    run: async (now) => (await expireGiftCards(now)) + (await scheduleGiftCardExpiryNotices(now)),
  },
  { name: "withdrawal refunds", everyMs: WITHDRAWAL_REFUND_RETRY_MS, run: (now) => retryWithdrawalRefunds(now) },
  // a provider's polls for lost webhooks and the renewals it makes ahead (MobilePay's)
  ...providersWithOwnWork().flatMap((provider) => provider.periodicWork ?? []),
  {
    name: "webhook deliveries pruning",
    everyMs: PRUNE_INTERVAL_MS,
    run: async (now) => {
      const deleted = await pruneWebhookDeliveries({ sql: getDatabase().raw, now });
      if (deleted) log.info("webhook deliveries pruned", { deleted });
    },
  },
];

export const appWork: AppWork = { drained: drainedWork, periodic: periodicWork };
