import "server-only";
import { tenantDb } from "@/lib/db/tenant-db";
import { runInEmailWorker } from "@/lib/email/email-workers";
import type { DeliveryNote, EmailTransport } from "@/lib/email/transport";
import { formatMoney } from "@/lib/format/money";
import { formatLocaleOf } from "@/lib/i18n/format-locale";
import { emailLocale } from "@/lib/i18n/locales";
import { appEmailJobOptions } from "@/lib/jobs/app-job-options";
import { runJobs, type JobKind, type JobLog, type JobOutcome } from "@/lib/jobs/run-jobs";
import type { RawSql } from "@/lib/db/raw-sql";
import { realEmail } from "@/lib/users/stand-in-addresses";
import { groupGiftCardCode, unsealGiftCardCode } from "./gift-card-code";
import { giftCardLink, type GiftCardEmailFacts, type GiftCardPdfFacts } from "./gift-card-email-facts";
import { giftCardPayoutUntil } from "./gift-card-ledger";
import { formatGiftCardDay, formatGiftCardDeliverDay } from "./gift-card-days";

/** A claimed row of the gift card outbox. */
type ClaimedGiftCardEmail = {
  id: string;
  attempts: number;
  accountId: string;
  giftCardId: string;
  kind: "buyer_copy" | "recipient" | "expiry_notice";
  daysBefore: number | null;
};

type GiftCardEmailContext = {
  transport: EmailTransport;
  appUrl: string;
  onSent: (note: DeliveryNote) => void;
  onFailed: () => void;
};

/** Validity the law presumes (forbrug.dk): a shorter one is stated in words on the card. */
const PRESUMED_VALIDITY_MONTHS = 36;

/**
 * The gift card outbox (decision 0051): a card's copy to its buyer when it is issued, the card to its
 * recipient from 00:00 of its `deliverOn` in the studio's zone, and its expiry notices. A row is due
 * from its `dueAt`; the recipient's waits for the buyer's copy of the same card (both carry the code).
 * Rendered and sent in an email worker thread with its PDF; the message id is the row's
 * (`gift-card-<kind>-<id>`), the same on every attempt. Once the email that hands the code over has
 * gone (the recipient's, or the buyer's copy of a card without a recipient address) the sealed code
 * is erased and `deliveredAt` set: the code is then nowhere in clear.
 */
export const giftCardEmailJobs: JobKind<ClaimedGiftCardEmail, GiftCardEmailContext> = {
  name: "gift card emails",
  noun: "gift card email",
  logFields: (row) => ({ accountId: row.accountId, giftCardId: row.giftCardId, kind: row.kind }),
  table: `"GiftCardEmail"`,
  idType: "bigint",
  due: `j."dueAt" <= COALESCE($1::timestamp, now()::timestamp)
    AND (j."kind" <> 'recipient' OR NOT EXISTS (
      SELECT 1 FROM "GiftCardEmail" b WHERE b."giftCardId" = j."giftCardId" AND b."kind" = 'buyer_copy'))`,
  order: `j."dueAt", j."id"`,
  returning: `"id", "accountId", "giftCardId", "kind", "daysBefore", "attempts"`,
  select: `
    SELECT c."id"::text AS "id", c."attempts", c."accountId", c."giftCardId", c."kind", c."daysBefore"
    FROM claimed c ORDER BY c."id"`,
  batchSize: 10,
  leaseMs: 120_000,
  retryDelaysMs: [120_000, 120_000, 120_000, 120_000],
  handle: (batch, context, now) => Promise.all(batch.map((row) => sendGiftCardEmail(row, context, now))),
  onSettled: (_row, settlement, context) => {
    if (settlement.kind === "retry" || settlement.kind === "given_up") context.onFailed();
  },
};

export type GiftCardEmailDrainOptions = Partial<GiftCardEmailContext> & {
  sql?: RawSql;
  log?: JobLog;
  /** The clock (tests inject one): which rows are due, and the leases. */
  now?: Date;
};

/**
 * Sends the gift card emails due (at `now`, else the database's time) with the configured transport;
 * resolves with how many were sent (the jobs runner calls it, lib/jobs/app-jobs.ts; tests may too).
 */
export function sendWaitingGiftCardEmails(options: GiftCardEmailDrainOptions = {}): Promise<number> {
  const app = appEmailJobOptions();
  return runJobs(giftCardEmailJobs, {
    sql: options.sql ?? app.sql,
    log: options.log ?? app.log,
    now: options.now,
    context: {
      transport: options.transport ?? app.transport,
      appUrl: options.appUrl ?? app.appUrl,
      onSent: options.onSent ?? app.onSent,
      onFailed: options.onFailed ?? app.onFailed,
    },
  });
}

async function sendGiftCardEmail(
  row: ClaimedGiftCardEmail,
  context: GiftCardEmailContext,
  now: Date | null,
): Promise<JobOutcome> {
  try {
    const db = tenantDb(row.accountId);
    const facts = await giftCardEmailFacts(db, row, context.appUrl);
    if (!facts) {
      // the last email that would carry the code is not to be sent (a void card, a walk-in buyer's
      // card without any address): nobody is waiting for the code, so it is erased
      if (row.kind !== "expiry_notice") {
        await db.giftCard.updateMany({
          where: {
            id: row.giftCardId,
            codeSealed: { not: null },
            ...(row.kind === "buyer_copy" ? { recipientEmail: null } : {}),
          },
          data: { codeSealed: null },
        });
      }
      return { skipped: true };
    }
    const note = await runInEmailWorker({
      kind: "gift-card",
      transport: context.transport,
      id: `gift-card-${row.kind}-${row.id}`,
      facts,
    });
    context.onSent(note);
    if (handsTheCodeOver(row, facts)) {
      await db.giftCard.update({
        where: { id: row.giftCardId },
        data: { codeSealed: null, deliveredAt: now ?? new Date() },
      });
    }
    return { done: true };
  } catch (error) {
    return { failed: error instanceof Error ? error.name : typeof error };
  }
}

/** The recipient's email, or the buyer's copy of a card that has no recipient address: the last email with the code. */
function handsTheCodeOver(row: ClaimedGiftCardEmail, facts: GiftCardEmailFacts): boolean {
  return row.kind === "recipient" || (facts.kind === "buyer_copy" && facts.scheduled === null);
}

/** What the row's email says as it is sent; null when it is no longer to be sent. */
async function giftCardEmailFacts(
  db: ReturnType<typeof tenantDb>,
  row: ClaimedGiftCardEmail,
  appUrl: string,
): Promise<GiftCardEmailFacts | null> {
  const card = await db.giftCard.findUnique({
    where: { id: row.giftCardId },
    include: {
      account: { select: { name: true, slug: true, locale: true, timezone: true, accentColor: true } },
      order: {
        select: {
          user: { select: { displayName: true, email: true, locale: true } },
          product: { select: { validityMonths: true, giftCardDesign: true } },
        },
      },
    },
  });
  if (!card || card.status === "void") return null;
  const { account, order } = card;
  const buyer = { name: order.user.displayName, email: realEmail(order.user.email), locale: order.user.locale };
  const studioLanguage = emailLocale({ studioLocaleTag: account.locale });
  const studioUrl = `${appUrl}/${encodeURIComponent(account.slug)}`;
  const zoned = (language: typeof studioLanguage) => ({
    language,
    formatLocale: formatLocaleOf(language, account.locale),
    zone: account.timezone,
  });

  if (row.kind === "expiry_notice") {
    const toRecipient = card.recipientEmail !== null;
    const to = card.recipientEmail ?? buyer.email;
    if (!to) return null;
    const language = toRecipient
      ? studioLanguage
      : emailLocale({ recipient: buyer.locale, studioLocaleTag: account.locale });
    const where = zoned(language);
    const daysBefore = row.daysBefore ?? 0;
    let balance = card.balance;
    if (daysBefore === 0) {
      if (card.status !== "expired") return null;
      const expiry = await db.giftCardEntry.findFirst({
        where: { giftCardId: card.id, kind: "expire" },
        orderBy: { at: "desc" },
      });
      balance = -(expiry?.amount ?? 0);
    } else if (card.status !== "active") return null;
    if (balance <= 0) return null;
    return {
      kind: "expiry_notice",
      to,
      greetName: toRecipient ? card.recipientName : buyer.name,
      language,
      studioName: account.name,
      daysBefore,
      last4: card.codeLast4,
      balance: formatMoney(balance, card.currency, where.formatLocale),
      validUntil: formatGiftCardDay(card.expiresAt, where),
      payoutUntil: formatGiftCardDay(new Date(giftCardPayoutUntil(card, account.timezone).getTime() - 1), where),
      studioUrl,
      meUrl: `${studioUrl}/me`,
    };
  }

  if (!card.codeSealed) return null; // its code has been handed over already
  const code = unsealGiftCardCode(card.codeSealed);
  const toRecipient = row.kind === "recipient";
  const to = toRecipient ? card.recipientEmail : buyer.email;
  if (!to) return null;
  const language = toRecipient
    ? studioLanguage
    : emailLocale({ recipient: buyer.locale, studioLocaleTag: account.locale });
  const where = zoned(language);
  const months = order.product.validityMonths;
  const pdf: GiftCardPdfFacts = {
    language,
    studioName: account.name,
    accentColor: account.accentColor,
    design: order.product.giftCardDesign === "colour" ? "colour" : "logo",
    recipientName: card.recipientName,
    buyerName: buyer.name,
    message: card.message,
    amount: formatMoney(card.initialAmount, card.currency, where.formatLocale),
    code: groupGiftCardCode(code),
    link: giftCardLink(appUrl, account.slug, code),
    validUntil: formatGiftCardDay(card.expiresAt, where),
    shorterValidityMonths: months !== null && months < PRESUMED_VALIDITY_MONTHS ? months : null,
    last4: card.codeLast4,
  };
  const common = { to, language, studioName: account.name, card: pdf, studioUrl };
  if (toRecipient) return { ...common, kind: "recipient", greetName: card.recipientName };
  return {
    ...common,
    kind: "buyer_copy",
    greetName: buyer.name,
    scheduled: card.recipientEmail
      ? { email: card.recipientEmail, day: formatGiftCardDeliverDay(card.deliverOn, where) }
      : null,
  };
}
