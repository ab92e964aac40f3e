import type { RawSql } from "@/lib/db/raw-sql";
import type { DrainName } from "./work";

/**
 * Where each kind's rows wait (its JobKind's table and the rows it would still claim, due now or
 * after a lease or a retry's delay), and the column that finds its oldest through an index. A
 * Record: a new kind in app-jobs.ts does not compile until it says here where its rows wait.
 */
const WAITING: Record<DrainName, { from: string; where: string; oldest: string }> = {
  "sign-in emails": {
    from: `"MagicLink" j`,
    where: `j."sealedToken" IS NOT NULL AND j."expiresAt" > (now() AT TIME ZONE 'UTC')`,
    oldest: `j."createdAt"`,
  },
  "booking emails": { from: `"BookingEmail" j`, where: `true`, oldest: `j."id"` },
  "webhook deliveries": {
    from: `"WebhookDelivery" j JOIN "Webhook" w ON w."id" = j."webhookId" AND w."accountId" = j."accountId"`,
    where: `j."status" = 'pending' AND w."status" = 'enabled'`,
    oldest: `j."createdAt"`,
  },
  "notice emails": { from: `"NoticeEmail" j`, where: `j."kind" NOT IN ('receipt', 'credit_note')`, oldest: `j."id"` },
  "receipt emails": { from: `"NoticeEmail" j`, where: `j."kind" IN ('receipt', 'credit_note')`, oldest: `j."id"` },
  "import commits": { from: `"Import" j`, where: `j."status" = 'committing'`, oldest: `j."createdAt"` },
  "Dinero vouchers": {
    from: `"DineroVoucher" j JOIN "DineroConnection" d ON d."accountId" = j."accountId"`,
    where: `j."status" = 'waiting'`,
    oldest: `j."id"`,
  },
  // a recipient's card waits for its day: waiting from when it is due, not from when it was written
  "gift card emails": {
    from: `(SELECT "id", "dueAt" AS "createdAt" FROM "GiftCardEmail") j`,
    where: `j."createdAt" <= (now() AT TIME ZONE 'UTC')`,
    oldest: `j."createdAt"`,
  },
};

export const JOB_KINDS = Object.keys(WAITING) as DrainName[];

/** A kind's name as a metric label: "sign-in emails" → "sign_in_emails". */
export const jobKindLabel = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]+/g, "_");

/** Counting stops here: a scrape stays cheap however long an outbox grows. */
export const WAITING_COUNT_CAP = 100_000;

export type WaitingJobs = { kind: string; waiting: number; oldestAgeSeconds: number }[];

const STATEMENT = JOB_KINDS.map((name) => {
  const { from, where, oldest } = WAITING[name];
  return `SELECT '${jobKindLabel(name)}' AS "kind",
    (SELECT count(*)::int FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT $1::int) w) AS "waiting",
    coalesce(extract(epoch FROM (now() AT TIME ZONE 'UTC') -
      (SELECT j."createdAt" FROM ${from} WHERE ${where} ORDER BY ${oldest} LIMIT 1)), 0)::float8 AS "oldestAgeSeconds"`;
}).join("\nUNION ALL\n");

/** Each kind's waiting rows and the age of its oldest, in one statement (the metrics' scrape). */
export async function readWaitingJobs(sql: RawSql): Promise<WaitingJobs> {
  const rows = await sql.query<WaitingJobs[number]>({ text: STATEMENT, values: [WAITING_COUNT_CAP] });
  return rows.map((row) => ({ ...row, oldestAgeSeconds: Math.max(0, row.oldestAgeSeconds) }));
}
