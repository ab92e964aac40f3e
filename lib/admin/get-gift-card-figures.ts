import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import type { GiftCardFiguresDto } from "@/lib/schemas/summary";
import { studioDay } from "@/lib/studio-time/day";

/**
 * GET /admin/summary's `giftCards` for the period [from, to), from the cards' ledger (decision 0051,
 * whose entries always sum to a balance): `sold` the `issue` entries in it, `redeemed` its `redeem`
 * entries less its `refund` entries, `outstanding` every entry before `to` of the cards still valid
 * then. A card is valid to the end of its `expiresAt` studio day, so one has expired by `to` exactly
 * when `expiresAt` falls before the studio day `to` is in.
 */
export async function getGiftCardFigures({
  db,
  from,
  to,
  timezone,
}: {
  db: TenantDb;
  from: Date;
  to: Date;
  timezone: string;
}): Promise<GiftCardFiguresDto> {
  const inPeriod = { at: { gte: from, lt: to } };
  const [byKind, outstanding] = await Promise.all([
    db.giftCardEntry.groupBy({
      by: ["kind"],
      where: { ...inPeriod, kind: { in: ["issue", "redeem", "refund"] } },
      _sum: { amount: true },
    }),
    db.giftCardEntry.aggregate({
      where: { at: { lt: to }, giftCard: { expiresAt: { gte: studioDay(to, timezone).start } } },
      _sum: { amount: true },
    }),
  ]);
  const sum = (kind: string) => byKind.find((group) => group.kind === kind)?._sum.amount ?? 0;
  return {
    sold: sum("issue"),
    redeemed: -sum("redeem") - sum("refund"),
    outstanding: outstanding._sum.amount ?? 0,
  };
}
