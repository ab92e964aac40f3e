import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import type { SummaryDto } from "@/lib/schemas/summary";
import { loadPeriodFacts } from "./load-period-facts";
import { summarizeFacts } from "./summarize-facts";

/**
 * GET /admin/summary: the account's figures for the period [from, to) (decisions §8). Booking figures
 * and the fill rate count the instances that START in the period; revenue counts orders PAID in it.
 */
export async function getSummary({ db, from, to }: { db: TenantDb; from: Date; to: Date }): Promise<SummaryDto> {
  return summarizeFacts(await loadPeriodFacts({ db, from, to }));
}
