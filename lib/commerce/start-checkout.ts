import "server-only";
import type { Entitlement, Order, Price } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { TRANSACTION_OPTIONS, withRetry } from "@/lib/db/with-retry";
import { ruleDetail } from "@/lib/error-details";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import type { CheckoutBilling, OpenedCheckout, PaymentProvider } from "@/lib/payments/payment-provider";
import { checkoutProviderFor, paymentProvider } from "@/lib/payments/provider";
import type { CheckoutInput } from "@/lib/schemas/order";
import { purchaseHolder } from "@/lib/households/purchase-holder";
import { placeOrder } from "@/lib/orders/create-order";
import { acceptedTerms } from "@/lib/terms/accepted-terms";
import { markFailed, markPaid } from "@/lib/orders/order-status";
import type { IssuedGiftCard } from "@/lib/orders/order-events";
import { giftCardTender } from "@/lib/payments/gift-card/tender";
import { courseCheckoutExpiresAt, holdCourseSeats } from "./course-seat-holds";
import { firstPayment, instalmentAmount } from "./instalments";
import { lockCourseClasses } from "./enrol-course";
import { lockMembership } from "./lock-membership";
import { assertMayBuy, findPurchasable, savePurchasePrice } from "./purchase-checks";
import { findPayingGiftCard, giftCardForPurchase, giftCardPaymentOf, takeGiftCardPayment } from "./gift-card-checkout";
import { chargedAmount } from "./purchase-figures";
import { redeemPromoCode } from "./redeem-promo-code";
import { productWithdrawal } from "@/lib/withdrawals/withdrawal-right";

export type CheckoutResult = {
  order: Order;
  checkoutUrl: string | null;
  entitlement: Entitlement | null;
  /** A gift card bought and paid at once, with its clear code (the only answer that shows it); else null. */
  giftCard: IssuedGiftCard | null;
};

/**
 * A member buys a product for themself or for a dependant (`forUserId`, purchaseHolder: else 403,
 * before anything else). Checked in this order: 404 unknown or non-active product,
 * unknown or retired price; 409 `Purchase limit reached` (paid orders and desk grants of this person
 * for the product, counted under a lock on their membership so concurrent checkouts take turns);
 * 409 `Not eligible for this price` (age on the purchase day in the studio's timezone). A studio
 * with published terms sells only to a buyer who accepts them (400 `terms_not_accepted`); the order
 * keeps the version in force.
 *
 * A `promoCode` is checked last (409 `Promo code is not valid`) and takes one redemption with the
 * order; the order records the discount and charges the price less it (a subscription's first
 * payment only), never below 0.
 *
 * The buyer's `paymentMethod` chooses the tender (checkoutProviderFor: `card`, the studio's provider,
 * or `mobilepay`, a membership through its own sales unit), which first checks that the studio can
 * take this payment (409 not set up, 400 a price it does not take). An immediate provider (demo),
 * and one-off purchases that cost nothing after the discount with any provider: the order is paid
 * at once and the entitlement is created in the same transaction. A hosted provider: the order stays
 * `pending`, its payment page is opened after the transaction (503 when it cannot be, the order
 * `failed`) and the provider's report (a webhook, a poll) fulfils the order later. A course product
 * enrols its buyer (enrol-course.ts): at once when paid at once; else the buyer's seat in each class
 * is held while the payment is open (course-seat-holds.ts; its page closes after
 * COURSE_CHECKOUT_MINUTES), and a failure to open the payment page gives the seats back.
 *
 * Gift cards (decision 0051). A `gift_card` product is bought at one of its prices or at an `amount`
 * of the buyer's choice (its price written retired for the order), with `giftCard` saying for whom
 * (gift-card-checkout.ts); no promo code applies to it (409 `Promo code is not valid`); its card is
 * issued when the order is paid (order-events.ts) and comes back here, with its code, when that is
 * at once. A `giftCardCode` pays as much of what is charged as its balance can (a membership's or
 * instalments' first payment only), debited under the card's lock with the order; all of a one-off
 * purchase: the order is paid at once with provider `gift_card`; else the provider charges the rest,
 * and a failed payment gives the card its part back ("order.failed").
 */
export async function startCheckout({
  db,
  accountId,
  callerId,
  input,
  returnPath = null,
  provider = paymentProvider(),
  startNowAsked = false,
  clientIp = "unknown",
}: {
  db: TenantDb;
  accountId: string;
  /** The signed-in member who buys; `input.forUserId` may name a dependant of theirs who then holds it. */
  callerId: string;
  input: CheckoutInput;
  /** A same-origin path the buyer returns to after a hosted payment (the site's class page); else the home page. */
  returnPath?: string | null;
  provider?: PaymentProvider;
  /**
   * The studio's own checkout page asks every buyer of a product with a right of withdrawal to start
   * at once (a box they must tick): there a purchase without `startNow` is refused (400 at `startNow`).
   */
  startNowAsked?: boolean;
  /** The client's address: a `giftCardCode` that finds no card counts against its guesses. */
  clientIp?: string;
}): Promise<CheckoutResult> {
  const userId = await purchaseHolder(db, callerId, input.forUserId); // who holds the purchase: a child's pass is theirs
  const purchasable = await findPurchasable(db, input);
  const { product } = purchasable;
  const terms = await acceptedTerms(db, input);
  // The tender the buyer chose (card: the studio's provider): the studio must be set up for it
  // before anything is written.
  const tender = checkoutProviderFor(input.paymentMethod, provider);
  const payee = await tender.checkoutPayee(db, purchasable.price);
  const [account, buyer] = await Promise.all([
    db.account.findUniqueOrThrow({ where: { id: accountId } }),
    db.user.findUniqueOrThrow({ where: { id: userId }, include: { guardian: true } }),
  ]);
  const giftCardFor = giftCardForPurchase(product, input.giftCard, { timezone: account.timezone, now: new Date() });
  if (giftCardFor && input.promoCode) throw new AppError("promo_code_invalid");
  const payingCard = input.giftCardCode
    ? await findPayingGiftCard(db, {
        ...{ code: input.giftCardCode, clientIp, product },
        ...{ timezone: account.timezone, now: new Date() },
      })
    : null;
  let price = purchasable.price;
  let paidAtOnce = false;
  // Many buyers of one promo code queue on its row: the booking transactions' bounds (a saturated
  // service answers 503, never 500) and their retry of a lost deadlock race.
  const created = await withRetry(
    () =>
      db.$transaction(async (tx) => {
        if (!(await lockMembership(tx, { accountId, userId }))) throw new AppError("not_found");
        const now = new Date();
        price = await savePurchasePrice(tx, purchasable.price, purchasable.customAmount);
        await assertMayBuy(tx, { userId, product, price, buyer, timezone: account.timezone, now });
        if (startNowAsked && !input.startNow && productWithdrawal(product))
          throw new AppError("validation_failed", { details: [ruleDetail("startNow", "required")] });
        const course = await lockCourseClasses(tx, { accountId, userId, product, now });
        const payable = firstPayment(price); // a price paid in instalments: its first
        const discount = input.promoCode
          ? await redeemPromoCode(tx, { accountId, userId, code: input.promoCode, product, price: payable, now })
          : null;
        const charged = chargedAmount(payable.amount, discount?.amount ?? 0);
        const giftCardPayment = payingCard ? await giftCardPaymentOf(tx, payingCard, charged) : null;
        const oneOff = price.interval === null && price.instalments === null;
        // A one-off purchase the card pays in full needs no provider: paid at once with the card.
        const byCard = oneOff && giftCardPayment !== null && giftCardPayment.amount === charged;
        paidAtOnce = byCard || tender.settlement === "immediate" || (charged === 0 && oneOff);
        const order = await placeOrder(tx, {
          ...{ userId, product, price, provider: byCard ? giftCardTender.name : tender.name, discount },
          ...{ giftCardPayment, giftCardFor },
          online: { startNowAt: input.startNow ? now : null, termsVersion: terms?.version ?? null },
        });
        if (giftCardPayment)
          await takeGiftCardPayment(tx, { accountId, orderId: order.id, payment: giftCardPayment, at: now });
        if (!paidAtOnce) {
          if (course) await holdCourseSeats(tx, { accountId, orderId: order.id, userId, classes: course, now });
          return { order, entitlement: null, giftCard: null };
        }
        const paid = await markPaid(tx, order, { at: now, payment: { for: "purchase", product, price } });
        return paid!;
      }, TRANSACTION_OPTIONS),
    { label: "checkout" },
  );
  if (paidAtOnce) {
    return { ...created, checkoutUrl: null };
  }

  let opened: OpenedCheckout;
  try {
    opened = await tender.openCheckout(payee, {
      order: created.order,
      product,
      price,
      studio: account,
      buyerEmail: (buyer.guardian ?? buyer).email, // a dependant's guardian pays
      returnPath,
      billing: checkoutBilling(price),
      // A course's seats are held while its payment is open: not for the provider's default.
      expiresAt: product.courseEventId ? courseCheckoutExpiresAt(new Date()) : null,
    });
  } catch (error) {
    log.error("payment provider failed to open a checkout", {
      provider: tender.name,
      orderId: created.order.id,
      errorName: error instanceof Error ? error.name : typeof error,
    });
    await db.$transaction((tx) => markFailed(tx, created.order, { at: new Date() }));
    throw new AppError("service_unavailable", { retryAfter: 5 });
  }
  const [order] = await db.order.updateManyAndReturn({ where: { id: created.order.id }, data: opened.refs });
  return { order: order ?? created.order, checkoutUrl: opened.checkoutUrl, entitlement: null, giftCard: null };
}

/**
 * What the payment page bills: a subscription's price each period; a price paid in instalments as a
 * monthly subscription of its first instalment, for `instalments` months (the provider ends it
 * itself and adds the remainder to the last); else the price once.
 */
function checkoutBilling(price: Price): CheckoutBilling {
  if (price.instalments)
    return {
      amount: instalmentAmount(price.amount, price.instalments, 1),
      interval: "month",
      intervalCount: 1,
      instalments: price.instalments,
    };
  return {
    amount: price.amount,
    interval: price.interval as "week" | "month" | "year" | null,
    intervalCount: price.intervalCount,
    instalments: null,
  };
}
