import "server-only";
import type { Entitlement, Order, Price } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { TRANSACTION_OPTIONS, withRetry } from "@/lib/db/with-retry";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { connectedAccountOrThrow } from "@/lib/payments/connected-account-or-throw";
import type { HostedCheckout, HostedCheckoutInput, PaymentProvider } from "@/lib/payments/payment-provider";
import { checkoutPaymentMethods } from "@/lib/payments/payment-methods";
import { paymentProvider } from "@/lib/payments/provider";
import type { SalesUnit } from "@/lib/payments/mobilepay/client";
import { noteRefusedKeys } from "@/lib/payments/mobilepay/sales-unit";
import type { CheckoutInput } from "@/lib/schemas/order";
import { purchaseHolder } from "@/lib/households/purchase-holder";
import { placeOrder } from "@/lib/orders/create-order";
import { markFailed, markPaid } from "@/lib/orders/order-status";
import { courseCheckoutExpiresAt, holdCourseSeats } from "./course-seat-holds";
import { firstPayment, instalmentAmount } from "./instalments";
import { lockCourseClasses } from "./enrol-course";
import { lockMembership } from "./lock-membership";
import { mobilepayCheckoutUnit, openMobilepayAgreement } from "@/lib/payments/mobilepay/memberships";
import { assertMayBuy, findPurchasable } from "./purchase-checks";
import { chargedAmount } from "./purchase-figures";
import { redeemPromoCode } from "./redeem-promo-code";

export type CheckoutResult = { order: Order; checkoutUrl: string | null; entitlement: Entitlement | null };

/**
 * A member buys a product for themself or for a dependant (`forUserId`, purchaseHolder: else 403,
 * before anything else). Checked in this order: 404 unknown or non-active product,
 * unknown or retired price; 409 `Purchase limit reached` (paid orders and desk grants of this person
 * for the product, counted under a lock on their membership so concurrent checkouts take turns);
 * 409 `Not eligible for this price` (age on the purchase day in the studio's timezone).
 *
 * A `promoCode` is checked last (409 `Promo code is not valid`) and takes one redemption with the
 * order; the order records the discount and charges the price less it (a subscription's first
 * payment only), never below 0.
 *
 * Demo provider, and one-off purchases that cost nothing after the discount with any provider: the
 * order is paid at once and the entitlement is created in the same transaction. Stripe: the order stays `pending`, a Checkout
 * Session is opened after the transaction and the webhook fulfils the order later. A course product
 * enrols its buyer (enrol-course.ts): at once when paid at once; else the buyer's seat in each class
 * is held while the payment is open (course-seat-holds.ts; its session expires after
 * COURSE_CHECKOUT_MINUTES), and a failure to open the payment page gives the seats back.
 */
export async function startCheckout({
  db,
  accountId,
  callerId,
  input,
  returnPath = null,
  provider = paymentProvider(),
}: {
  db: TenantDb;
  accountId: string;
  /** The signed-in member who buys; `input.forUserId` may name a dependant of theirs who then holds it. */
  callerId: string;
  input: CheckoutInput;
  /** A same-origin path the buyer returns to after a hosted payment (the site's class page); else the home page. */
  returnPath?: string | null;
  provider?: PaymentProvider;
}): Promise<CheckoutResult> {
  const userId = await purchaseHolder(db, callerId, input.forUserId); // who holds the purchase: a child's pass is theirs
  const { product, price } = await findPurchasable(db, input);
  // MobilePay (a membership through the studio's own sales unit) or Stripe's hosted page: either
  // the studio must be set up for it before anything is written.
  const mobilepay = input.paymentMethod === "mobilepay" ? await mobilepayCheckoutUnit(db, price) : null;
  const payee = !mobilepay && provider.settlement === "hosted" ? await connectedAccountOrThrow(db) : null;
  const providerName = mobilepay ? "mobilepay" : provider.name;
  const [account, buyer] = await Promise.all([
    db.account.findUniqueOrThrow({ where: { id: accountId } }),
    db.user.findUniqueOrThrow({ where: { id: userId }, include: { guardian: true } }),
  ]);
  let paidAtOnce = false;
  // Many buyers of one promo code queue on its row: the booking transactions' bounds (a saturated
  // service answers 503, never 500) and their retry of a lost deadlock race.
  const created = await withRetry(
    () =>
      db.$transaction(async (tx) => {
        if (!(await lockMembership(tx, { accountId, userId }))) throw new AppError("not_found");
        const now = new Date();
        await assertMayBuy(tx, { userId, product, price, buyer, timezone: account.timezone, now });
        const course = await lockCourseClasses(tx, { accountId, userId, product, now });
        const payable = firstPayment(price); // a price paid in instalments: its first
        const discount = input.promoCode
          ? await redeemPromoCode(tx, { accountId, userId, code: input.promoCode, product, price: payable, now })
          : null;
        const charged = chargedAmount(payable.amount, discount?.amount ?? 0);
        paidAtOnce =
          !mobilepay &&
          (provider.settlement === "immediate" ||
            (charged === 0 && price.interval === null && price.instalments === null));
        const order = await placeOrder(tx, { userId, product, price, provider: providerName, discount });
        if (!paidAtOnce) {
          if (course) await holdCourseSeats(tx, { accountId, orderId: order.id, userId, classes: course, now });
          return { order, entitlement: null };
        }
        const paid = await markPaid(tx, order, { at: now, payment: { for: "purchase", product, price } });
        return paid!;
      }, TRANSACTION_OPTIONS),
    { label: "checkout" },
  );
  if (paidAtOnce) {
    return { ...created, checkoutUrl: null };
  }

  let hosted: HostedCheckout & { mobilepayChargeId?: string | null };
  try {
    hosted = mobilepay
      ? await mobilepayCheckout(mobilepay, { order: created.order, product, price, studio: account, returnPath })
      : await provider.createHostedCheckout({
          orderId: created.order.id,
          accountId,
          returnPath,
          buyerEmail: (buyer.guardian ?? buyer).email, // a dependant's guardian pays
          productName: product.name,
          ...hostedTerms(price),
          firstPaymentDiscount: created.order.discountAmount,
          currency: price.currency,
          connectedAccountId: payee?.stripeAccountId ?? null,
          // A course's seats are held while its payment is open: not for Stripe's default 24 hours.
          expiresAt: product.courseEventId ? courseCheckoutExpiresAt(new Date()) : null,
          paymentMethods: checkoutPaymentMethods(payee?.paymentMethods ?? ["card"], {
            currency: price.currency,
            subscription: price.interval !== null || price.instalments !== null,
          }),
        });
  } catch (error) {
    log.error("payment provider failed to open a checkout", {
      provider: providerName,
      orderId: created.order.id,
      errorName: error instanceof Error ? error.name : typeof error,
    });
    if (mobilepay) await noteRefusedKeys(accountId, error); // keys revoked: the studio's MobilePay reads failing
    await db.$transaction((tx) => markFailed(tx, created.order, { at: new Date() }));
    throw new AppError("service_unavailable", { retryAfter: 5 });
  }
  const [order] = await db.order.updateManyAndReturn({
    where: { id: created.order.id },
    data: {
      providerRef: hosted.providerRef,
      stripeAccountId: payee?.stripeAccountId ?? null,
      mobilepayChargeId: hosted.mobilepayChargeId ?? null,
      mobilepayAgreementId: mobilepay ? hosted.providerRef : null,
    },
  });
  return { order: order ?? created.order, checkoutUrl: hosted.checkoutUrl, entitlement: null };
}

/** The agreement a MobilePay membership is paid through, as a hosted checkout: the member approves it in the app. */
async function mobilepayCheckout(unit: SalesUnit, terms: Parameters<typeof openMobilepayAgreement>[1]) {
  const opened = await openMobilepayAgreement(unit, terms);
  return { providerRef: opened.agreementId, checkoutUrl: opened.confirmationUrl, mobilepayChargeId: opened.chargeId };
}

/**
 * What the payment page bills: a subscription's price each period; a price paid in instalments as a
 * monthly subscription of its first instalment, for `instalments` months (the provider ends it
 * itself and adds the remainder to the last); else the price once.
 */
function hostedTerms(price: Price): Pick<HostedCheckoutInput, "amount" | "interval" | "intervalCount" | "instalments"> {
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
