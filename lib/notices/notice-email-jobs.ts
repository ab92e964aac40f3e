// The notice outbox (decision 0024) as a kind of background work (lib/jobs): emails to one person
// that are not about a booking. Plain SQL (RawSql) and no server-only.
import type { RawSql } from "@/lib/db/raw-sql";
import type { NoticeEmailJob } from "@/lib/email/email-worker";
import { jobOutcomes } from "@/lib/email/email-job-outcomes";
import { runInEmailWorker } from "@/lib/email/email-workers";
import { runJobs, type JobKind, type JobLog } from "@/lib/jobs/run-jobs";
import type { DeliveryNote, EmailTransport } from "@/lib/email/transport";
import { createInvitation, invitationUrl } from "@/lib/auth/invitation-links";
import type {
  InstalmentFailedFacts,
  NoticeEmailFacts,
  NoticeEmailKind,
  WithdrawalReceivedFacts,
} from "./notice-email-facts";

/** Waits after a failed send (the old lease); the 5th failure gives the email up. */
const RETRY_DELAYS_MS = [120_000, 120_000, 120_000, 120_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** A claimed row with what its email says (null where its subject is gone). */
type ClaimedNotice = {
  id: string;
  kind: NoticeEmailKind;
  attempts: number;
  accountId: string;
  accountName: string;
  accountSlug: string;
  locale: string;
  timezone: string;
  recipientEmail: string;
  recipientName: string;
  recipientLocale: string | null;
  recipientStatus: string;
  recipientId: string;
  productName: string | null;
  entitlementStatus: string | null;
  remainingClasses: number | null;
  validUntil: Date | null;
  pastDueSince: Date | null;
  cancelAt: Date | null;
  webhookUrl: string | null;
  webhookStatus: string | null;
  failingSince: Date | null;
  buyerId: string | null;
  buyerName: string | null;
  classesMissing: number | null;
  standingStatus: string | null;
  standingTitle: string | null;
  /** instalment_failed: the order that was not paid, as it stands. */
  orderStatus: string | null;
  orderUserId: string | null;
  orderBuyerName: string | null;
  orderProductName: string | null;
  instalment: number | null;
  instalments: number | null;
  orderAmount: number | null;
  orderCurrency: string | null;
  blockedUntil: Date | null;
  /** withdrawal_received: the order's withdrawal. */
  orderReceiptNumber: number | null;
  withdrawalReceivedAt: Date | null;
  withdrawalUsedAmount: number | null;
  withdrawalRefundAmount: number | null;
  withdrawalBasis: string | null;
  withdrawalLocale: string | null;
  /** gift_card_payout_requested: the card its order bought, as it stands. */
  giftCardId: string | null;
  giftCardLast4: string | null;
  giftCardHolderName: string | null;
  giftCardPayable: number | null;
  giftCardCurrency: string | null;
  giftCardPayoutRequestedAt: Date | null;
};

export type NoticeDrainOptions = {
  sql: RawSql;
  transport: EmailTransport;
  /** The public origin (APP_URL) for the emails' links. */
  appUrl: string;
  batchSize?: number;
  /** Where the runner logs retries and give-ups (the console without one). */
  log?: JobLog;
  /** Each email sent: its recipient's domain and subject, never the address. */
  onSent?: (note: DeliveryNote) => void;
  /** Each failed attempt (to be retried or given up). */
  onFailed?: () => void;
  /** The clock (tests inject one): the leases, and the 14 days of an import welcome's invitation. */
  now?: Date;
};

type NoticeEmailContext = {
  sql: RawSql;
  transport: EmailTransport;
  appUrl: string;
  onSent: (note: DeliveryNote) => void;
  onFailed: () => void;
};

/**
 * The notice emails (decisions 0024, 0028): written by the statement that decides they are due,
 * rendered and sent in an email worker thread a batch at a time, deleted once sent. Each message
 * keeps its id (`notice-<kind>-<rowId>`) across attempts, so a repeat is harmless.
 */
export const noticeEmailJobs: JobKind<ClaimedNotice, NoticeEmailContext> = {
  name: "notice emails",
  noun: "notice email",
  // the row's id and the email's kind: never the address or the body
  logFields: (row) => ({ noticeId: row.id, kind: row.kind }),
  table: `"NoticeEmail"`,
  idType: "bigint",
  due: `j."kind" NOT IN ('receipt', 'credit_note')`, // the payment and refund emails are their own kind (lib/receipts/receipt-email-jobs.ts)
  order: `j."id"`,
  returning: `"id", "accountId", "kind", "userId", "entitlementId", "webhookId", "standingBookingId", "orderId", "attempts"`,
  select: `
    SELECT c."id"::text AS "id", c."kind", c."attempts", c."userId" AS "recipientId", c."accountId",
      a."name" AS "accountName", a."slug" AS "accountSlug", a."locale", a."timezone",
      -- a gift card's payout request goes to the studio's contact email when it has one, in the studio's language
      CASE WHEN c."kind" = 'gift_card_payout_requested' THEN coalesce(a."contactEmail", u."email")
        ELSE coalesce(g."email", u."email") END AS "recipientEmail",
      CASE WHEN c."kind" = 'gift_card_payout_requested' AND a."contactEmail" IS NOT NULL THEN a."name"
        ELSE coalesce(g."displayName", u."displayName") END AS "recipientName",
      CASE WHEN c."kind" = 'gift_card_payout_requested' THEN NULL
        WHEN g."id" IS NULL THEN u."locale" ELSE g."locale" END AS "recipientLocale",
      u."status" AS "recipientStatus",
      p."name" AS "productName", e."status" AS "entitlementStatus", e."remainingClasses", e."validUntil",
      e."pastDueSince", e."cancelAt",
      w."url" AS "webhookUrl", w."status" AS "webhookStatus", w."failingSince",
      e."userId" AS "buyerId", bu."displayName" AS "buyerName",
      CASE WHEN c."kind" = 'course_incomplete' THEN (
        SELECT count(*)::int FROM "Instance" ci
        WHERE ci."accountId" = c."accountId" AND ci."eventId" = p."courseEventId" AND ci."status" <> 'cancelled'
          AND ci."startsAt" > now() AT TIME ZONE 'UTC'
          AND NOT EXISTS (SELECT 1 FROM "Booking" cb WHERE cb."accountId" = c."accountId" AND cb."instanceId" = ci."id"
                            AND cb."attendeeId" = e."userId" AND cb."status" = 'confirmed')
      ) END AS "classesMissing",
      sb."status" AS "standingStatus", sev."title" AS "standingTitle",
      o."status" AS "orderStatus", o."userId" AS "orderUserId", ou."displayName" AS "orderBuyerName",
      op."name" AS "orderProductName", o."instalment", o."instalments", o."amount" AS "orderAmount",
      o."currency" AS "orderCurrency", o."receiptNumber" AS "orderReceiptNumber",
      wd."receivedAt" AS "withdrawalReceivedAt", wd."usedAmount" AS "withdrawalUsedAmount",
      wd."refundAmount" AS "withdrawalRefundAmount", wd."basis" AS "withdrawalBasis", wd."locale" AS "withdrawalLocale",
      gc."id" AS "giftCardId", gc."codeLast4" AS "giftCardLast4", gc."currency" AS "giftCardCurrency",
      gc."payoutRequestedAt" AS "giftCardPayoutRequestedAt",
      CASE WHEN gc."recipientEmail" IS NULL THEN ou."displayName" ELSE gc."recipientName" END AS "giftCardHolderName",
      CASE WHEN gc."status" = 'expired' THEN (
        SELECT -coalesce(sum(ge."amount"), 0)::int FROM "GiftCardEntry" ge
        WHERE ge."accountId" = c."accountId" AND ge."giftCardId" = gc."id" AND ge."kind" = 'expire'
      ) WHEN gc."status" = 'void' THEN 0 ELSE gc."balance" END AS "giftCardPayable",
      CASE WHEN c."kind" = 'strike_block'
        THEN strike_block_until(c."accountId", c."userId", (now() AT TIME ZONE 'UTC')::timestamp) END AS "blockedUntil"
    FROM claimed c
    JOIN "Account" a ON a."id" = c."accountId"
    JOIN "User" u ON u."id" = c."userId"
    LEFT JOIN "User" g ON g."id" = u."guardianId" -- a dependant's notices go to the guardian, in their language
    LEFT JOIN "Entitlement" e ON e."id" = c."entitlementId" AND e."accountId" = c."accountId"
    LEFT JOIN "Product" p ON p."id" = e."productId" AND p."accountId" = c."accountId"
    LEFT JOIN "User" bu ON bu."id" = e."userId"
    LEFT JOIN "Webhook" w ON w."id" = c."webhookId" AND w."accountId" = c."accountId"
    LEFT JOIN "StandingBooking" sb ON sb."id" = c."standingBookingId" AND sb."accountId" = c."accountId"
    LEFT JOIN "Series" ss ON ss."id" = sb."seriesId" AND ss."accountId" = c."accountId"
    LEFT JOIN "Event" sev ON sev."id" = ss."eventId" AND sev."accountId" = c."accountId"
    LEFT JOIN "Order" o ON o."id" = c."orderId" AND o."accountId" = c."accountId"
    LEFT JOIN "Product" op ON op."id" = o."productId" AND op."accountId" = c."accountId"
    LEFT JOIN "User" ou ON ou."id" = o."userId"
    LEFT JOIN "Withdrawal" wd ON wd."orderId" = o."id" AND wd."accountId" = c."accountId"
    LEFT JOIN "GiftCard" gc ON gc."orderId" = o."id" AND gc."accountId" = c."accountId" AND c."kind" = 'gift_card_payout_requested'
    ORDER BY c."id"`,
  batchSize: 50,
  leaseMs: 120_000,
  retryDelaysMs: RETRY_DELAYS_MS,
  handle: async (batch, context, now) => {
    const invitations = await welcomeInvitations(batch, context, now);
    const jobs = batch.map((row) => jobOf(row, context.appUrl, invitations.get(row.id)));
    const outcomes = await runInEmailWorker({ kind: "notice-emails", transport: context.transport, jobs });
    return jobOutcomes(outcomes, context.onSent);
  },
  onSettled: (_row, settlement, context) => {
    if (settlement.kind === "retry" || settlement.kind === "given_up") context.onFailed();
  },
};

/** Sends the notice emails waiting in the outbox until none is due; returns how many were sent. */
export function drainNoticeEmails(options: NoticeDrainOptions): Promise<number> {
  return runJobs(noticeEmailJobs, {
    sql: options.sql,
    batchSize: options.batchSize,
    now: options.now,
    log: options.log,
    context: {
      sql: options.sql,
      transport: options.transport,
      appUrl: options.appUrl,
      onSent: options.onSent ?? (() => undefined),
      onFailed: options.onFailed ?? (() => undefined),
    },
  });
}

/**
 * The one-tap link of each import welcome about to be sent (by row id): a new invitation per
 * attempt, stored hashed, its token only in the email. None for a recipient disabled meanwhile
 * (their welcome is not sent).
 */
async function welcomeInvitations(
  batch: ClaimedNotice[],
  context: NoticeEmailContext,
  now: Date | null,
): Promise<Map<string, string>> {
  const urls = new Map<string, string>();
  for (const row of batch) {
    if (row.kind !== "import_welcome" || row.recipientStatus === "disabled") continue;
    const token = await createInvitation(context.sql, { userId: row.recipientId, accountId: row.accountId, now });
    urls.set(row.id, invitationUrl(context.appUrl, token, row.accountSlug));
  }
  return urls;
}

/** The message id is the outbox row's: the same for every attempt, distinct for every email. */
function jobOf(row: ClaimedNotice, appUrl: string, invitation: string | undefined): NoticeEmailJob {
  return { id: `notice-${row.kind.replace(/[^a-z_]/g, "")}-${row.id}`, facts: factsOf(row, appUrl, invitation) };
}

/**
 * What the email says, or null when it is no longer to be sent: the pass was used up, refunded or
 * ended meanwhile, the endpoint was enabled again, the recipient was disabled.
 */
function factsOf(row: ClaimedNotice, appUrl: string, invitation: string | undefined): NoticeEmailFacts | null {
  if (row.recipientStatus === "disabled") return null;
  const recipient = {
    recipientEmail: row.recipientEmail,
    recipientName: row.recipientName,
    recipientLocale: row.recipientLocale,
    accountName: row.accountName,
    accountSlug: row.accountSlug,
    locale: row.locale,
    timezone: row.timezone,
    appUrl,
  };
  switch (row.kind) {
    case "pass_one_left":
    case "pass_expiring": {
      if (row.productName === null || row.entitlementStatus !== "active") return null;
      if (row.kind === "pass_one_left" && row.remainingClasses !== 1) return null;
      const { productName, remainingClasses, validUntil } = row;
      return { kind: row.kind, ...recipient, productName, remainingClasses, validUntil };
    }
    case "webhook_disabled": {
      if (row.webhookUrl === null || row.webhookStatus !== "disabled") return null;
      return { kind: row.kind, ...recipient, webhookHost: hostOf(row.webhookUrl), failingSince: row.failingSince };
    }
    case "course_incomplete": {
      // Resolved meanwhile (the studio booked the buyer, or refunded): nothing to tell.
      const { productName, buyerId, buyerName, classesMissing } = row;
      if (productName === null || buyerId === null || buyerName === null || !classesMissing) return null;
      if (row.entitlementStatus !== "active") return null;
      return { kind: row.kind, ...recipient, productName, buyerId, buyerName, classesMissing };
    }
    case "standing_no_pass": // stopped meanwhile: nothing to keep
      if (row.standingStatus !== "active" || row.standingTitle === null) return null;
      return { kind: row.kind, ...recipient, classTitle: row.standingTitle };
    case "instalment_failed":
      return instalmentFailedFacts(row, recipient);
    case "membership_past_due": {
      // Paid, refunded or ended meanwhile: nothing to tell.
      const { productName, buyerId, buyerName, validUntil } = row;
      if (row.pastDueSince === null || row.entitlementStatus !== "active") return null;
      if (productName === null || buyerId === null || buyerName === null || validUntil === null) return null;
      return {
        kind: row.kind,
        ...recipient,
        toMember: row.recipientId === buyerId,
        productName,
        memberId: buyerId,
        memberName: buyerName,
        graceUntil: validUntil,
      };
    }
    case "membership_cancelled": // taken back meanwhile (no longer cancelled): nothing to tell
      if (row.productName === null || row.cancelAt === null) return null;
      return { kind: row.kind, ...recipient, productName: row.productName, endsAt: row.cancelAt };
    case "strike_block": // lifted or cleared meanwhile: nothing to tell
      return row.blockedUntil === null ? null : { kind: row.kind, ...recipient, blockedUntil: row.blockedUntil };
    case "withdrawal_received":
      return withdrawalReceivedFacts(row, recipient);
    case "gift_card_payout_requested": {
      // paid out meanwhile (the request answered), or nothing left to pay: nothing to tell
      const { giftCardId, giftCardLast4, giftCardHolderName, giftCardPayable, giftCardCurrency } = row;
      if (row.giftCardPayoutRequestedAt === null || giftCardId === null || giftCardLast4 === null) return null;
      if (giftCardHolderName === null || !giftCardPayable || giftCardCurrency === null) return null;
      return {
        kind: row.kind,
        ...recipient,
        giftCardId,
        holderName: giftCardHolderName,
        last4: giftCardLast4,
        amount: giftCardPayable,
        currency: giftCardCurrency,
      };
    }
    case "import_welcome": // a 14-day invitation (welcomeInvitations): a sign-in link's 15 minutes would pass unread
      return {
        kind: row.kind,
        ...recipient,
        signInUrl: invitation ?? `${appUrl}/sign-in?account=${encodeURIComponent(row.accountSlug)}`,
      };
    default: // a row written by raw SQL with a kind this code does not know: given up after its attempts
      return { ...recipient, kind: row.kind } as unknown as NoticeEmailFacts;
  }
}

/** Paid meanwhile (a retry of the card went through) or refunded: nothing to tell. */
function instalmentFailedFacts(
  row: ClaimedNotice,
  recipient: Omit<
    InstalmentFailedFacts,
    "kind" | "toBuyer" | "productName" | "buyerId" | "buyerName" | "instalment" | "instalments" | "amount" | "currency"
  >,
): InstalmentFailedFacts | null {
  const { orderUserId, orderBuyerName, orderProductName, instalment, instalments, orderAmount, orderCurrency } = row;
  if (row.orderStatus !== "failed" || orderUserId === null || orderBuyerName === null || orderProductName === null)
    return null;
  if (instalment === null || instalments === null || orderAmount === null || orderCurrency === null) return null;
  return {
    kind: "instalment_failed",
    ...recipient,
    toBuyer: row.recipientId === orderUserId,
    productName: orderProductName,
    buyerId: orderUserId,
    buyerName: orderBuyerName,
    instalment,
    instalments,
    amount: orderAmount,
    currency: orderCurrency,
  };
}

/** The acknowledgment of a withdrawal, in the language the buyer withdrew in; none once its order is gone. */
function withdrawalReceivedFacts(
  row: ClaimedNotice,
  recipient: Omit<
    WithdrawalReceivedFacts,
    "kind" | "receivedAt" | "productName" | "receiptNumber" | "usedAmount" | "refundAmount" | "currency" | "basis"
  >,
): WithdrawalReceivedFacts | null {
  const { withdrawalReceivedAt, withdrawalUsedAmount, withdrawalRefundAmount, withdrawalBasis } = row;
  if (withdrawalReceivedAt === null || withdrawalUsedAmount === null || withdrawalRefundAmount === null) return null;
  if (withdrawalBasis === null || row.orderProductName === null || row.orderCurrency === null) return null;
  return {
    kind: "withdrawal_received",
    ...recipient,
    recipientLocale: row.withdrawalLocale ?? recipient.recipientLocale,
    receivedAt: withdrawalReceivedAt,
    productName: row.orderProductName,
    receiptNumber: row.orderReceiptNumber,
    usedAmount: withdrawalUsedAmount,
    refundAmount: withdrawalRefundAmount,
    currency: row.orderCurrency,
    basis: withdrawalBasis,
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "";
  }
}
