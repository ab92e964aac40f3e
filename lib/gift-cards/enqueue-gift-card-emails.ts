import "server-only";
import type { GiftCard } from "@prisma/client";
import type { TenantTx } from "@/lib/db/tenant-db";
import { startOfStudioDate } from "@/lib/studio-time/day";

/**
 * A card's emails, put in the gift card outbox in the transaction that issues it (issueGiftCard calls
 * it, decision 0051); the commit wakes the jobs runner (lib/db/outbox-writes.ts). The buyer's copy is due at once; the
 * recipient's card (when it has an address) from 00:00 of `deliverOn` in the studio's zone, and never
 * before the buyer's copy has gone (gift-card-email-jobs.ts), so the sealed code is still there for both.
 */
export async function enqueueGiftCardEmails(
  tx: Pick<TenantTx, "giftCardEmail">,
  card: Pick<GiftCard, "id" | "accountId" | "recipientEmail" | "deliverOn" | "issuedAt">,
  { timezone }: { timezone: string },
): Promise<void> {
  const at = card.issuedAt;
  const rows = [{ accountId: card.accountId, giftCardId: card.id, kind: "buyer_copy", dueAt: at }];
  if (card.recipientEmail) {
    const day = startOfStudioDate(card.deliverOn, timezone) ?? at;
    rows.push({ accountId: card.accountId, giftCardId: card.id, kind: "recipient", dueAt: day > at ? day : at });
  }
  await tx.giftCardEmail.createMany({ data: rows });
}
