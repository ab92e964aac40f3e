import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import type { SummaryDto } from "@/lib/schemas/summary";
import { bucketPeriod, type Bucket } from "@/lib/studio-time/period";
import { loadPeriodFacts, type PeriodFacts } from "./load-period-facts";
import { summarizeFacts } from "./summarize-facts";

export type SummaryPoint = Bucket & { summary: SummaryDto };

/**
 * The summary of [from, to) cut into day buckets (periods up to 31 days) or week buckets (Monday
 * 00:00 in the studio's timezone), for the dashboard's charts; plus the totals of the whole period.
 * Each bucket is summarized exactly like GET /admin/summary, so the buckets add up to the totals.
 */
export async function getSummarySeries({
  db,
  from,
  to,
  timezone,
}: {
  db: TenantDb;
  from: Date;
  to: Date;
  timezone: string;
}): Promise<{ total: SummaryDto; unit: "day" | "week"; points: SummaryPoint[] }> {
  const facts = await loadPeriodFacts({ db, from, to });
  const { unit, buckets } = bucketPeriod({ from, to, timezone });
  const within = (bucket: Bucket) => (date: Date) => date >= bucket.start && date < bucket.end;
  const points = buckets.map((bucket): SummaryPoint => {
    const inBucket = within(bucket);
    const part: PeriodFacts = {
      bookings: facts.bookings.filter((b) => inBucket(b.startsAt)),
      instances: facts.instances.filter((i) => inBucket(i.startsAt)),
      orders: facts.orders.filter((o) => inBucket(o.paidAt)),
    };
    return { ...bucket, summary: summarizeFacts(part) };
  });
  return { total: summarizeFacts(facts), unit, points };
}
