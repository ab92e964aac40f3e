import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import type { PeriodSummaryDto } from "@/lib/schemas/summary";
import { getGiftCardFigures } from "./get-gift-card-figures";
import { loadPeriodFacts } from "./load-period-facts";
import { summarizeFacts } from "./summarize-facts";

/**
 * GET /admin/summary: the account's figures for the period [from, to) (decisions §8). Booking figures
 * and the fill rate count the instances that START in the period; revenue counts orders PAID in it;
 * gift cards are their ledger's movements in it and balances at its end (decision 0051).
 */
export async function getSummary({
  db,
  accountId,
  from,
  to,
}: {
  db: TenantDb;
  accountId: string;
  from: Date;
  to: Date;
}): Promise<PeriodSummaryDto> {
  const { timezone } = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { timezone: true } });
  const [facts, giftCards] = await Promise.all([
    loadPeriodFacts({ db, from, to }),
    getGiftCardFigures({ db, from, to, timezone }),
  ]);
  return { ...summarizeFacts(facts), giftCards };
}
