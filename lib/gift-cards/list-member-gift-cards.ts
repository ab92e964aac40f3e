import "server-only";
import type { GiftCard, GiftCardEntry, Prisma } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";

/** The cards a person holds in the studio: sent to their email, or bought by them and sent to no one's. */
export function heldBy(user: { id: string; email: string }): Prisma.GiftCardWhereInput {
  return {
    OR: [
      { recipientEmail: { equals: user.email, mode: "insensitive" } },
      { recipientEmail: null, order: { userId: user.id } },
    ],
  };
}

/**
 * The member's cards in the studio, newest first, each with its history (oldest first): those they
 * bought (`bought`) and those sent to their email, compared case-insensitively (`received`).
 * `giftCardId`: that one only (none when it is not theirs).
 */
export async function listMemberGiftCards({
  db,
  userId,
  giftCardId,
}: {
  db: TenantDb;
  userId: string;
  giftCardId?: string;
}): Promise<{ card: GiftCard & { entries: GiftCardEntry[] }; role: "bought" | "received" }[]> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  const cards = await db.giftCard.findMany({
    where: {
      ...(giftCardId ? { id: giftCardId } : {}),
      OR: [{ order: { userId } }, { recipientEmail: { equals: user.email, mode: "insensitive" } }],
    },
    include: { entries: { orderBy: [{ at: "asc" }, { createdAt: "asc" }] } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return cards.map((card) => ({
    card,
    role: card.recipientEmail?.toLowerCase() === user.email.toLowerCase() ? "received" : "bought",
  }));
}
