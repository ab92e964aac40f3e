import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";

/** A card of the studio with its history (oldest first) and its buyer; 404 for another studio's. */
export async function getGiftCardOrThrow({ db, giftCardId }: { db: TenantDb; giftCardId: string }) {
  const card = await db.giftCard.findFirst({
    where: { id: giftCardId },
    include: {
      entries: { orderBy: [{ at: "asc" }, { createdAt: "asc" }] },
      order: { select: { user: { select: { id: true, displayName: true, email: true } } } },
    },
  });
  if (!card) throw new AppError("not_found");
  return card;
}
