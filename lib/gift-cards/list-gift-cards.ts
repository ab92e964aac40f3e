import "server-only";
import type { GiftCard, Prisma } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import type { GiftCardFilter, GiftCardKey } from "@/lib/schemas/gift-card";
import { createdBefore, newestFirst, toPage, type Page } from "@/lib/schemas/page";

/**
 * The studio's gift cards, newest first (then by id, as GET /orders pages); a page of `limit` after
 * `after`. `filter`: a status, the code's last four, an email the card was bought by or sent to.
 */
export async function listGiftCards({
  db,
  limit,
  after,
  filter = {},
}: {
  db: TenantDb;
  limit?: number;
  after?: GiftCardKey;
  filter?: GiftCardFilter;
}): Promise<Page<GiftCard, [string, string]>> {
  const filtered: Prisma.GiftCardWhereInput = {
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.last4 ? { codeLast4: filter.last4 } : {}),
    ...(filter.email
      ? {
          OR: [
            { recipientEmail: { equals: filter.email, mode: "insensitive" } },
            { order: { user: { email: filter.email } } },
          ],
        }
      : {}),
  };
  const rows = await db.giftCard.findMany({
    where: after ? { AND: [filtered, createdBefore(after)] } : filtered,
    orderBy: newestFirst(),
    ...(limit === undefined ? {} : { take: limit + 1 }),
  });
  return toPage(rows, limit, (card): [string, string] => [card.createdAt.toISOString(), card.id]);
}
