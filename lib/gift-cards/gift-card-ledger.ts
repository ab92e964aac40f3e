import "server-only";
import type { GiftCard, GiftCardEntry, Order } from "@prisma/client";
import { shiftByStudioMonths, studioDay } from "@/lib/studio-time/day";
import type { TenantTx } from "@/lib/db/tenant-db";
import { giftCardCodeHash, giftCardCodeLast4, newGiftCardCode, sealGiftCardCode } from "./gift-card-code";

export type GiftCardEntryKind = "issue" | "redeem" | "refund" | "cash_out" | "void" | "expire";

/** The details a buyer gives of a gift card at checkout (Order.giftCardFor). */
export type GiftCardFor = {
  recipientName: string;
  recipientEmail: string | null;
  message: string | null;
  /** The studio's day (YYYY-MM-DD) the recipient's email goes out. */
  deliverOn: string;
};

/**
 * A paid gift card order's card, in the order's transaction: a new code (its hash, last four, and
 * sealed clear text for its emails), the balance `amount`, valid `validityMonths` from `at` in the
 * studio's zone (to the end of that day), and its `issue` entry. The clear code is returned once,
 * for the answer of an order paid at once; nothing else shows it again.
 */
export async function issueGiftCard(
  tx: TenantTx,
  {
    accountId,
    orderId,
    amount,
    currency,
    validityMonths,
    timezone,
    at,
    giftCardFor,
  }: {
    accountId: string;
    orderId: string;
    amount: number;
    currency: string;
    validityMonths: number;
    timezone: string;
    at: Date;
    giftCardFor: GiftCardFor;
  },
): Promise<{ card: GiftCard; code: string }> {
  const code = newGiftCardCode();
  const card = await tx.giftCard.create({
    data: {
      accountId,
      orderId,
      codeHash: giftCardCodeHash(code),
      codeLast4: giftCardCodeLast4(code),
      codeSealed: sealGiftCardCode(code),
      initialAmount: amount,
      balance: amount,
      currency,
      issuedAt: at,
      expiresAt: giftCardExpiry(at, validityMonths, timezone),
      status: "active",
      ...giftCardFor,
    },
  });
  await tx.giftCardEntry.create({
    data: { accountId, giftCardId: card.id, at, kind: "issue", amount, orderId },
  });
  return { card, code };
}

/** When a card issued at `at` expires: `validityMonths` later in the studio's zone (valid to the end of that day). */
export function giftCardExpiry(at: Date, validityMonths: number, timezone: string): Date {
  return shiftByStudioMonths(at, validityMonths, timezone);
}

/** The instant a card stops being spendable: the end (exclusive) of its `expiresAt` day in the studio's zone. */
export function giftCardEndsAt(card: Pick<GiftCard, "expiresAt">, timezone: string): Date {
  return studioDay(card.expiresAt, timezone).end;
}

/** Until when an expired card can still be paid out (forbrug.dk: 12 months after it expired): the end of that day. */
export function giftCardPayoutUntil(card: Pick<GiftCard, "expiresAt">, timezone: string): Date {
  return studioDay(shiftByStudioMonths(card.expiresAt, 12, timezone), timezone).end;
}

/**
 * Moves a card's balance by `amount` (signed: + gives back, − takes) with its entry, in the caller's
 * transaction; the one writer of `balance` after issue. The card's row is locked first, so concurrent
 * movements (two orders spending its last, across processes) take turns and each sees the balance the
 * other left. A balance never goes below zero or above what was issued (the database's check holds it
 * too): null when the card has too little, or a `redeem` finds it not `active`. A debit to 0 makes an
 * active card `used`; a credit to a `used` card makes it `active` again.
 */
export async function moveGiftCardBalance(
  tx: TenantTx,
  card: Pick<GiftCard, "id" | "accountId">,
  { kind, amount, at, orderId = null }: { kind: GiftCardEntryKind; amount: number; at: Date; orderId?: string | null },
): Promise<{ card: GiftCard; entry: GiftCardEntry } | null> {
  const locked = await lockGiftCard(tx, card);
  if (!locked) return null;
  const balance = locked.balance + amount;
  if (balance < 0 || balance > locked.initialAmount) return null;
  if (kind === "redeem" && locked.status !== "active") return null;
  const status =
    balance === 0 && locked.status === "active"
      ? "used"
      : balance > 0 && locked.status === "used"
        ? "active"
        : locked.status;
  const moved = await tx.giftCard.update({ where: { id: card.id }, data: { balance, status } });
  const entry = await tx.giftCardEntry.create({
    data: { accountId: card.accountId, giftCardId: card.id, at, kind, amount, orderId },
  });
  return { card: moved, entry };
}

/** The card's row, locked until the transaction ends (null: no such card in the account). */
export async function lockGiftCard(
  tx: TenantTx,
  card: Pick<GiftCard, "id" | "accountId">,
): Promise<Pick<GiftCard, "balance" | "initialAmount" | "status"> | null> {
  const [row] = await tx.$queryRaw<Pick<GiftCard, "balance" | "initialAmount" | "status">[]>`
    SELECT "balance", "initialAmount", "status" FROM "GiftCard"
     WHERE "id" = ${card.id} AND "accountId" = ${card.accountId} FOR UPDATE`;
  return row ?? null;
}

/**
 * A failed or abandoned order gives back what its gift card held (decision 0051): its `redeem`
 * entry is deleted and the balance restored, under the card's lock, as if nothing had happened (no
 * entry in the history). A card spent to 0 by it is `active` again. Nothing for an order without a
 * card, or whose hold was given back already.
 */
export async function releaseGiftCardHold(
  tx: TenantTx,
  order: Pick<Order, "id" | "accountId" | "giftCardId">,
): Promise<void> {
  if (!order.giftCardId) return;
  const card = { id: order.giftCardId, accountId: order.accountId };
  const locked = await lockGiftCard(tx, card);
  if (!locked) return;
  const held = await tx.giftCardEntry.findMany({ where: { giftCardId: card.id, orderId: order.id, kind: "redeem" } });
  if (held.length === 0) return;
  const amount = held.reduce((sum, entry) => sum - entry.amount, 0);
  await tx.giftCardEntry.deleteMany({ where: { id: { in: held.map((entry) => entry.id) } } });
  const balance = locked.balance + amount;
  const status = balance > 0 && locked.status === "used" ? "active" : locked.status;
  await tx.giftCard.update({ where: { id: card.id }, data: { balance, status } });
}
