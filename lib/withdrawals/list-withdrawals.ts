import "server-only";
import type { Prisma } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { toPage, type Page } from "@/lib/schemas/page";
import type { WithdrawalKey } from "@/lib/schemas/withdrawal-filter";

/** What the dashboard's list shows beside a withdrawal: the order, its buyer and its product. */
const withOrder = {
  order: {
    select: {
      id: true,
      receiptNumber: true,
      user: { select: { id: true, displayName: true, email: true } },
      product: { select: { id: true, name: true } },
    },
  },
} satisfies Prisma.WithdrawalInclude;

export type ListedWithdrawal = Prisma.WithdrawalGetPayload<{ include: typeof withOrder }>;

/**
 * The account's withdrawals, newest received first (then by id, so that a page ends at a row and the
 * next begins after it); a page of `limit` after `after`; with `userId` only that buyer's.
 */
export async function listWithdrawals({
  db,
  limit,
  after,
  userId,
}: {
  db: TenantDb;
  limit?: number;
  after?: WithdrawalKey;
  userId?: string;
}): Promise<Page<ListedWithdrawal, [string, string]>> {
  const rows = await db.withdrawal.findMany({
    where: { AND: [userId ? { order: { userId } } : {}, receivedBefore(after)] },
    include: withOrder,
    orderBy: [{ receivedAt: "desc" }, { id: "desc" }],
    ...(limit === undefined ? {} : { take: limit + 1 }),
  });
  return toPage(rows, limit, (row): [string, string] => [row.receivedAt.toISOString(), row.id]);
}

function receivedBefore(after: WithdrawalKey | undefined): Prisma.WithdrawalWhereInput {
  if (!after) return {};
  const [at, id] = after;
  return { receivedAt: { lte: at }, OR: [{ receivedAt: { lt: at } }, { receivedAt: at, id: { lt: id } }] };
}
