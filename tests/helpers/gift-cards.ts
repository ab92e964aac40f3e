// A gift card as a paid order issues it (decision 0051), for tests of what follows issue: a gift_card
// product through POST /products, its order paid at the desk, and the card issued with its emails in
// one transaction at `at` (an injected clock), as the order.paid consequence issues it.
import type { GiftCard } from "@prisma/client";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { issueGiftCard } from "@/lib/gift-cards/gift-card-ledger";
import type { TestMember, TestTenant } from "./fixtures";
import { product } from "./order-rows";

export type IssuedGiftCard = { card: GiftCard; code: string };

export async function issueTestGiftCard(
  tenant: TestTenant,
  buyer: TestMember,
  {
    at,
    amount = 50000,
    validityMonths,
    giftCardDesign,
    recipientName = "Maja",
    recipientEmail = null,
    message = null,
    deliverOn,
  }: {
    at: Date;
    amount?: number;
    validityMonths?: number;
    giftCardDesign?: "logo" | "colour";
    recipientName?: string;
    recipientEmail?: string | null;
    message?: string | null;
    deliverOn: string;
  },
): Promise<IssuedGiftCard> {
  const giftCardProduct = await product(tenant, {
    type: "gift_card",
    name: "Gavekort",
    prices: [{ amount, currency: "DKK" }],
    ...(validityMonths ? { validityMonths } : {}),
    ...(giftCardDesign ? { giftCardDesign } : {}),
  });
  const { timezone } = await db.account.findUniqueOrThrow({ where: { id: tenant.accountId } });
  const giftCardFor = { recipientName, recipientEmail, message, deliverOn };
  const order = await db.order.create({
    data: {
      accountId: tenant.accountId,
      userId: buyer.userId,
      productId: giftCardProduct.id,
      priceId: giftCardProduct.prices[0]!.id,
      amount,
      currency: "DKK",
      status: "paid",
      provider: "desk",
      paidAt: at,
      giftCardFor,
    },
  });
  return tenantDb(tenant.accountId).$transaction((tx) =>
    issueGiftCard(tx, {
      accountId: tenant.accountId,
      orderId: order.id,
      amount,
      currency: "DKK",
      validityMonths: validityMonths ?? 36,
      timezone,
      at,
      giftCardFor,
    }),
  );
}
