import "server-only";
import type { Price, Product } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import type { PaymentProvider } from "@/lib/payments/payment-provider";
import { checkoutProviderFor, paymentProvider } from "@/lib/payments/provider";
import type { CheckoutInput } from "@/lib/schemas/order";
import { purchaseHolder } from "@/lib/households/purchase-holder";
import { orderVatRate } from "@/lib/receipts/issue-receipts";
import { firstPayment, instalmentAmount } from "./instalments";
import { assertMayBuy, findPurchasable } from "./purchase-checks";
import { purchaseFigures, type PurchaseFigures } from "./purchase-figures";
import { checkPromoCode, type PromoCodeCheck, type PromoCodeRefusal } from "./redeem-promo-code";
import { findPayingGiftCard, giftCardForPurchase } from "./gift-card-checkout";

export type CheckoutQuote = PurchaseFigures & {
  product: Product;
  price: Price;
  /** The code named, as the studio wrote it when it applies; why not when it does not. */
  promoCode:
    { code: string; applied: true; reason: null } | { code: string; applied: false; reason: PromoCodeRefusal } | null;
  /** A price paid in instalments: how many, each (the remainder on the last) and the whole price; null when paid at once. */
  instalments: { count: number; amount: number; lastAmount: number; total: number } | null;
  /** The gift card named: its last four, what it would pay of `total`, and its balance before; null without one. */
  giftCard: { last4: string; amount: number; balance: number } | null;
  /** What the buyer pays now beside the card: `total` less the card's `amount`. */
  dueNow: number;
};

/**
 * What POST /checkout would charge and give this buyer (or the dependant it is for) now, without buying: the same checks in the
 * same order (404, 409 `Payments are not set up for this studio`, 409 `Purchase limit reached`,
 * 409 `Not eligible for this price`) and the same figures (purchase-figures.ts). A promo code that
 * does not apply is no error here: the quote says why and prices the purchase without it (a gift
 * card product takes none: `other_product`). A `giftCardCode` answers the checkout's errors
 * (gift-card-checkout.ts) or what the card would pay and what is left to pay now.
 */
export async function quoteCheckout({
  db,
  accountId,
  callerId,
  input,
  provider = paymentProvider(),
  now = new Date(),
  clientIp = "unknown",
}: {
  db: TenantDb;
  accountId: string;
  /** The signed-in member who would buy; `input.forUserId` may name a dependant of theirs who would hold it. */
  callerId: string;
  input: CheckoutInput;
  provider?: PaymentProvider;
  now?: Date;
  /** The client's address: a `giftCardCode` that finds no card counts against its guesses. */
  clientIp?: string;
}): Promise<CheckoutQuote> {
  const userId = await purchaseHolder(db, callerId, input.forUserId); // as startCheckout: 403 before anything else
  const { product, price } = await findPurchasable(db, input);
  await checkoutProviderFor(input.paymentMethod, provider).checkoutPayee(db, price); // as startCheckout: set up for it
  const [account, buyer] = await Promise.all([
    db.account.findUniqueOrThrow({ where: { id: accountId } }),
    db.user.findUniqueOrThrow({ where: { id: userId } }),
  ]);
  await assertMayBuy(db, { userId, product, price, buyer, timezone: account.timezone, now });
  giftCardForPurchase(product, input.giftCard, { timezone: account.timezone, now }); // as startCheckout: 400s
  const card = input.giftCardCode
    ? await findPayingGiftCard(db, { code: input.giftCardCode, clientIp, product, timezone: account.timezone, now })
    : null;
  const payable = firstPayment(price); // a price paid in instalments: its first
  const check: PromoCodeCheck | null = !input.promoCode
    ? null
    : product.type === "gift_card"
      ? { applies: false, reason: "other_product", promoCode: null }
      : await checkPromoCode(db, { userId, code: input.promoCode, product, price: payable, now });
  const figures = purchaseFigures({
    product,
    price: payable,
    discountAmount: check?.applies ? check.amount : 0,
    vatRateBasisPoints: orderVatRate(account.vatRateBasisPoints, product.vatExempt),
    validFrom: now,
  });
  const promoCode: CheckoutQuote["promoCode"] =
    check === null
      ? null
      : check.applies
        ? { code: check.promoCode.code, applied: true, reason: null }
        : { code: input.promoCode!, applied: false, reason: check.reason };
  const giftCard = card && {
    last4: card.codeLast4,
    amount: Math.min(card.balance, figures.total),
    balance: card.balance,
  };
  const dueNow = figures.total - (giftCard?.amount ?? 0);
  return { ...figures, product, price, promoCode, instalments: instalmentTerms(price), giftCard, dueNow };
}

function instalmentTerms(price: Price): CheckoutQuote["instalments"] {
  if (!price.instalments) return null;
  return {
    count: price.instalments,
    amount: instalmentAmount(price.amount, price.instalments, 1),
    lastAmount: instalmentAmount(price.amount, price.instalments, price.instalments),
    total: price.amount,
  };
}
