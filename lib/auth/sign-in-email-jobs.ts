import "server-only";
import { createHash } from "node:crypto";
import { runInEmailWorker } from "@/lib/email/email-workers";
import type { DeliveryNote, EmailTransport } from "@/lib/email/transport";
import { emailLocale } from "@/lib/i18n/locales";
import { env } from "@/lib/env";
import { appEmailJobOptions } from "@/lib/jobs/app-job-options";
import { runJobs, type JobKind, type JobOutcome } from "@/lib/jobs/run-jobs";
import { MAGIC_LINK_LIFETIME_MS } from "./create-magic-link";
import { magicLinkUrl } from "./magic-link-url";
import { unsealToken } from "./seal-token";

/** A claimed link whose email waits: its sealed token and what the email says. */
type ClaimedSignInEmail = {
  id: string;
  attempts: number;
  sealedToken: string;
  askedOn: string | null;
  returnTo: string | null;
  email: string;
  userLocale: string | null;
  accountId: string;
  accountName: string;
  accountSlug: string;
  accountLocale: string;
};

type SignInEmailContext = {
  transport: EmailTransport;
  /** AUTH_SECRET, the tokens' sealing key. */
  secret: string;
  onSent: (note: DeliveryNote) => void;
  onFailed: () => void;
};

/**
 * The sign-in emails (decision 0028): the link's row (MagicLink) is written with its token sealed
 * by the request that asks for it, and this kind sends it; a link that expires first is not sent.
 * Once sent or given up, the sealed token is cleared and the row stays the link it always was. A
 * link lives 15 minutes, so its email is tried again soon. The message id derives from the link
 * (never the token), the same on every attempt.
 */
export const signInEmailJobs: JobKind<ClaimedSignInEmail, SignInEmailContext> = {
  name: "sign-in emails",
  noun: "magic link email",
  // the studio alone: never the link or the address
  logFields: (row) => ({ accountId: row.accountId }),
  table: `"MagicLink"`,
  key: `"tokenHash"`,
  idType: "text",
  due: `j."sealedToken" IS NOT NULL AND j."expiresAt" > COALESCE($1::timestamp, now()::timestamp)`,
  order: `j."createdAt"`,
  returning: `"tokenHash", "attempts", "sealedToken", "askedOn", "returnTo", "userId", "accountId", "createdAt"`,
  select: `
    SELECT c."tokenHash" AS "id", c."attempts", c."sealedToken", c."askedOn", c."returnTo",
      u."email", u."locale" AS "userLocale",
      a."id" AS "accountId", a."name" AS "accountName", a."slug" AS "accountSlug", a."locale" AS "accountLocale"
    FROM claimed c JOIN "User" u ON u."id" = c."userId" JOIN "Account" a ON a."id" = c."accountId"
    ORDER BY c."createdAt"`,
  batchSize: 20,
  leaseMs: 60_000,
  retryDelaysMs: [10_000, 60_000, 180_000],
  // at once: one person's link does not wait behind another's
  handle: (batch, context) => Promise.all(batch.map((row) => sendSignInEmail(row, context))),
  // sent, skipped or given up: the sealed token goes; the link itself stays until it is used or expires
  finished: `UPDATE "MagicLink" SET "sealedToken" = NULL, "lockedUntil" = NULL`,
  onSettled: (_row, settlement, context) => {
    if (settlement.kind === "retry" || settlement.kind === "given_up") context.onFailed();
  },
};

/**
 * Sends the sign-in emails waiting with their links, with the configured transport; the runner
 * logs failures (the studio and the error's name, never the link or the address). Resolves with
 * how many were sent (the jobs runner calls it, lib/jobs/app-jobs.ts; tests may too).
 */
export function sendWaitingSignInEmails(): Promise<number> {
  const { sql, log, transport, onSent, onFailed } = appEmailJobOptions();
  return runJobs(signInEmailJobs, { sql, log, context: { transport, secret: env().AUTH_SECRET, onSent, onFailed } });
}

async function sendSignInEmail(row: ClaimedSignInEmail, context: SignInEmailContext): Promise<JobOutcome> {
  let token: string;
  try {
    token = unsealToken(row.sealedToken, context.secret);
  } catch {
    return { failed: "UnsealFailed" }; // sealed under another AUTH_SECRET: no attempt can send it
  }
  try {
    const note = await runInEmailWorker({
      kind: "sign-in",
      transport: context.transport,
      id: `sign-in-${createHash("sha256").update(`email:${row.id}`).digest("hex").slice(0, 32)}`,
      to: row.email,
      content: {
        url: magicLinkUrl(token, row.accountSlug, row.returnTo),
        accountName: row.accountName,
        validMinutes: MAGIC_LINK_LIFETIME_MS / 60_000,
        locale: emailLocale({ recipient: row.userLocale, askedOn: row.askedOn, studioLocaleTag: row.accountLocale }),
      },
    });
    context.onSent(note);
    return { done: true };
  } catch (error) {
    return { failed: error instanceof Error ? error.name : typeof error };
  }
}
