import {
  EntitlementSchema,
  GrantEntitlementInput,
  GrantEntitlementParams,
  RenewSubscriptionsResultSchema,
} from "@/lib/schemas/entitlement";
import { ListOrdersParams, ORDER_FILTER_DESCRIPTION } from "@/lib/schemas/order-filter";
import {
  CheckoutInput,
  CheckoutQuoteInput,
  CheckoutQuoteSchema,
  CheckoutSchema,
  OrderParams,
  OrderSchema,
  RefundOrderInput,
  WebhookReceiptSchema,
} from "@/lib/schemas/order";
import { CreateProductInput, ProductParams, ProductSchema, UpdateProductInput } from "@/lib/schemas/product";
import { CreateSeasonInput, SeasonParams, SeasonSchema, UpdateSeasonInput } from "@/lib/schemas/season";
import { z } from "@/lib/schemas/zod";
import { authFor, errorChoices, errorResponse, jsonBody, jsonResponse, linkHeader, registry } from "../registry";

const tags = ["Commerce"];
const member = authFor("member");
const person = authFor("member", { personOnly: true });
/** POST /checkout and its quote: an API key, or a `forUserId` that is not one of the caller's dependants. */
const forUserId403 = {
  ...errorResponse(403),
  description: "Insufficient permission: an API key is no person, or `forUserId` is not one of the caller's dependants",
};
const admin = authFor("admin");

/** POST /checkout and its quote: an API key past its rate limit, or a client past its wrong gift card codes. */
const giftCardGuesses429 = {
  ...errorResponse(429),
  description:
    "Too many requests: an API key past its rate limit, or 10 wrong `giftCardCode`s from this client's address in a " +
    "quarter-hour (every code then answers 429 until the window ends; Retry-After)",
};

const IdempotencyHeaders = z.object({
  "Idempotency-Key": z.string().min(1).max(255).optional().openapi({
    description:
      "Optional, 1–255 characters. The first response is kept 24 hours per user and key: a repeat with the same body replays it and changes nothing; the same key with another body answers 422; a repeat while the first still runs answers 409 `Request in progress`.",
    example: "4f6c1d7e-checkout-1",
  }),
});

const StripeSignatureHeaders = z.object({
  "Stripe-Signature": z.string().openapi({
    description:
      "Stripe's signature of the raw body (verified with STRIPE_WEBHOOK_SECRET); its timestamp `t` more than 5 minutes " +
      "before or after the server's clock answers 400 `Invalid signature`",
  }),
});

// ---------------------------------------------------------------- products

registry.registerPath({
  method: "get",
  path: "/products",
  operationId: "listProducts",
  tags,
  summary: "Every product of the account: draft, active and archived (oldest first)",
  security: member.security,
  responses: { 200: jsonResponse("The products", z.array(ProductSchema)), ...member.responses },
});

registry.registerPath({
  method: "post",
  path: "/products",
  operationId: "createProduct",
  tags,
  summary: "Create a product with its price list",
  description:
    "`type`, `name` and `prices` (at least one) are required; `status` defaults to `draft`. Each price is " +
    "`{ amount (integer minor units ≥ 0), currency (three upper-case letters), interval?, intervalCount?, minAge?, maxAge? }`; " +
    "the service assigns its `id`. Subscription prices need an `interval` (`week`, `month`, `year`) and only they may have one; " +
    "a `class_pass` needs `classAllowance` ≥ 1; `eligibleEventIds` must be events of this account. Any of these: 400.",
  security: admin.security,
  request: { body: jsonBody(CreateProductInput) },
  responses: {
    201: jsonResponse("The new product", ProductSchema),
    400: errorResponse(400),
    ...admin.responses,
    413: errorResponse(413),
  },
});

registry.registerPath({
  method: "patch",
  path: "/products/{productId}",
  operationId: "updateProduct",
  tags,
  summary: "Edit a product (partial)",
  description:
    "Status moves freely among `draft`, `active` and `archived`. The product as it will be must keep the creation rules (400). " +
    "A new `prices` list keeps the ids of entries that name a current price (their fields are replaced), creates entries " +
    "without `id`, and retires current prices it leaves out: retired prices are not shown or sold, and orders keep " +
    "referring to them. An `id` that is not a current price of this product: 400.",
  security: admin.security,
  request: { params: ProductParams, body: jsonBody(UpdateProductInput) },
  responses: {
    200: jsonResponse("The product", ProductSchema),
    400: errorResponse(400),
    ...admin.responses,
    404: errorResponse(404),
    413: errorResponse(413),
  },
});

// ---------------------------------------------------------------- seasons

registry.registerPath({
  method: "get",
  path: "/seasons",
  operationId: "listSeasons",
  tags,
  summary: "Every season of the account, active and archived (by start)",
  security: member.security,
  responses: { 200: jsonResponse("The seasons", z.array(SeasonSchema)), ...member.responses },
});

registry.registerPath({
  method: "post",
  path: "/seasons",
  operationId: "createSeason",
  tags,
  summary: "Create a season",
  description:
    "`name`, `startsAt` and `endsAt` are required; `endsAt` must be after `startsAt` (400). `status` defaults to `active`.",
  security: admin.security,
  request: { body: jsonBody(CreateSeasonInput) },
  responses: {
    201: jsonResponse("The new season", SeasonSchema),
    400: errorResponse(400),
    ...admin.responses,
    413: errorResponse(413),
  },
});

registry.registerPath({
  method: "patch",
  path: "/seasons/{seasonId}",
  operationId: "updateSeason",
  tags,
  summary: "Edit a season (partial)",
  description:
    "Any of `name`, `startsAt`, `endsAt`, `status`. The season as it will be must end after it starts (400).",
  security: admin.security,
  request: { params: SeasonParams, body: jsonBody(UpdateSeasonInput) },
  responses: {
    200: jsonResponse("The season", SeasonSchema),
    400: errorResponse(400),
    ...admin.responses,
    404: errorResponse(404),
    413: errorResponse(413),
  },
});

// ---------------------------------------------------------------- checkout and payments

registry.registerPath({
  method: "post",
  path: "/checkout",
  operationId: "createCheckout",
  tags,
  summary: "Buy a product for yourself",
  description:
    "Errors are checked in this order: 404 unknown or non-active product, unknown or retired price; 409 `Payments are not set up for this studio` " +
    "(provider `stripe` and the studio's Stripe account, GET /account/payments, is not `active`); 409 `Purchase limit reached` " +
    "(paid orders and desk grants of the buyer for this product reach `purchaseLimitPerUser`, a purchase paid in instalments counting once; " +
    "concurrent checkouts never pass it); " +
    "409 `Only for new customers` (a `newcomersOnly` product, and the buyer has an earlier paid order, refunded ones included, or " +
    "an attended class at this studio); " +
    "409 `Not eligible for this price` (`minAge`/`maxAge` against the buyer's age on the purchase day in the studio's timezone; " +
    "no `dateOfBirth` is not eligible); 409 `Promo code is not valid` (`promoCode` unknown, `inactive`, past `validUntil`, " +
    "at `maxRedemptions`, not for this product, an `amountOff` in another currency, or `firstPurchaseOnly` and the buyer " +
    "has a paid order in this account). A valid code takes one redemption (given back if the order fails or expires); " +
    "the order records `discountAmount` and `promoCodeId` and `amount` is the price less the discount, never below 0 " +
    "(a percentage is rounded down to whole minor units; on a subscription only the first payment is discounted).\n\n" +
    "Provider `demo` (PAYMENTS_PROVIDER): the order is `paid` at once, `checkoutUrl` is null and `entitlement` is the new one. " +
    "Provider `stripe`: the order is `pending`, `checkoutUrl` is a Stripe Checkout page (mode `payment` for one-off prices, " +
    "`subscription` for subscription prices) on the studio's connected Stripe account (a direct charge; the platform's " +
    "PLATFORM_FEE_PERCENT as its application fee), offering card, and MobilePay for a one-off price when the studio offers it " +
    "(PATCH /account/payments; subscriptions are card-only), and `entitlement` is null until the webhook reports the payment. " +
    "A one-off purchase that costs 0 (a free price or a 100% code) is paid at once with either provider, without a payment. 503 when the payment provider cannot be reached " +
    "(the order is then `failed`).\n\n" +
    '`paymentMethod: "mobilepay"` (default `card`, the above): a membership (a subscription price) paid through the studio\'s own Vipps ' +
    "MobilePay sales unit (PATCH /account/payments `mobilepay`), whatever the provider. 400 for a one-off price or one paid in instalments " +
    "(Stripe's MobilePay stays the way to pay those), 409 `MobilePay is not set up for this studio` when no sales unit is connected, both " +
    "before anything is written. The order (`provider: mobilepay`) is `pending` and `checkoutUrl` is the Recurring agreement's confirmation " +
    "page (`vippsConfirmationUrl`): the price each billing period, the product's and the studio's names, and an initial charge of the order's " +
    "`amount` (the first period, less a promo code) captured at approval. The member approves in the MobilePay app and comes back to the studio's " +
    "page. The agreement's outcome arrives by the studio's webhook (POST /payments/mobilepay/webhook/{accountId}) and is also polled: approved " +
    "with the initial charge captured, the order becomes `paid` with its entitlement, receipt, `order.paid` event and email as a card payment; " +
    "declined or expired, it becomes `failed`. 503 when Vipps MobilePay cannot be reached (the order is then `failed`).\n\n" +
    "Entitlements: `drop_in` 1 class; `class_pass` `classAllowance` classes; `workshop`, `teacher_training`, `custom` " +
    "`classAllowance` classes when set, else unlimited; `subscription` unlimited until one billing period later. " +
    "Except for subscriptions `validUntil = validFrom + validityDays` when `validityDays` is set, else null.\n\n" +
    "A course product (`courseEventId`) enrols the buyer in one transaction: the entitlement (unlimited, usable for the course's " +
    "event only, valid until its last class ends) and a confirmed booking in every class of the event not cancelled and not " +
    "yet started, all or nothing. 409 `Enrolment is closed` once the first class has started, unless `enrolUntil` is later " +
    "(then the classes still ahead are booked, at the full price); 409 `Course is full` when any of those classes has no free " +
    "place (a class the buyer is already booked in counts as theirs); both checked before the order is written, so before any payment starts. " +
    "Each booking is a booking like any other: its confirmation email and a `booking.created` webhook event. With Stripe the " +
    "enrolment happens when the payment succeeds, with the order becoming `paid`; a class that filled up meanwhile is not " +
    "overbooked: the free classes are booked and the studio's administrators are emailed that the enrolment is incomplete. " +
    "A refund of the order cancels its future bookings (`cancelled_by_studio`).\n\n" +
    "A price with `instalments` (a course product's) is paid monthly in that many parts: this order is the first " +
    "(`instalment: 1`, `instalments: n`), of `amount / instalments` rounded down (a promo code discounts this first part only); " +
    "the enrolment is whole from it. The later instalments are orders linked to it (`instalmentOf`), one on each monthly due " +
    "date, the last carrying the remainder: with `demo` made paid by POST /admin/jobs/renew-subscriptions; with `stripe` the " +
    "Checkout page opens a monthly subscription (card) that ends itself after the last instalment. A failed instalment emails " +
    "the buyer and the studio's administrators; nobody is unenrolled. A refund of the first order (POST /orders/{orderId}/refunds) " +
    "stops the instalments still to come.\n\n" +
    "Gift cards (decision 0051). A `gift_card` product is bought at one of its prices (`priceId`) or at an `amount` of the " +
    "buyer's choice within its `customAmount` (400 at `amount` for both or neither, for a product without `customAmount`, or " +
    "out of its bounds), with `giftCard` saying for whom (required for a `gift_card` product and refused for any other: 400 " +
    "at `giftCard`; `deliverOn` today in the studio's time zone by default, not before today, at most a year ahead: 400). " +
    "No promo code applies to it (409 `Promo code is not valid`) and it gives no entitlement: its card is issued when the " +
    "order is paid. Paid at once (demo), the answer's `giftCard` has the card with its `code`, the only time the API shows " +
    "it; a hosted payment answers `giftCard: null` and the card appears once paid.\n\n" +
    "`giftCardCode`: a card of this studio pays as much of what is charged as its balance can (a membership's or " +
    "instalments' first payment only), debited with the order under the card's lock, so two orders spending its last at " +
    "once never take it twice (the later one 409 `Gift card has no balance left`). The order records `giftCardId` and " +
    "`giftCardAmount`; the provider charges the rest. A one-off purchase the card pays in full is `paid` at once with " +
    "provider `gift_card`. A failed or abandoned payment gives the card its part back. 404 `Gift card not found` (every " +
    "wrong code counts against the client's address: 429 after 10 a quarter-hour); 409 `Gift card has expired` (with a " +
    "detail of code `gift_card_payout_until` whose `params.payoutUntil` is the last day it can still be paid out); 409 " +
    "`Gift card has no balance left`; 409 `Gift cards cannot pay for gift cards`.\n\n" +
    "`forUserId`: a guardian buys for one of their dependants (GET /me/dependants): the order and the entitlement are the " +
    "dependant's, the price's `minAge`/`maxAge` is judged on the dependant's date of birth, the purchase limit counts the " +
    "dependant's orders, and the guardian pays and gets the receipt. Anyone else's id: 403.",
  security: person.security,
  request: { headers: IdempotencyHeaders, body: jsonBody(CheckoutInput) },
  responses: {
    201: jsonResponse("The order, the payment page (Stripe) and the entitlement (demo)", CheckoutSchema),
    400: errorResponse(400),
    ...person.responses,
    403: forUserId403,
    404: errorResponse(404),
    409: errorChoices([
      "Payments are not set up for this studio",
      "MobilePay is not set up for this studio",
      "Purchase limit reached",
      "Only for new customers",
      "Not eligible for this price",
      "Promo code is not valid",
      "Request in progress",
      "Enrolment is closed",
      "Course is full",
      "Gift card has expired",
      "Gift card has no balance left",
      "Gift cards cannot pay for gift cards",
    ]),
    413: errorResponse(413),
    422: errorResponse(422),
    429: giftCardGuesses429,
    503: errorResponse(503),
  },
});

registry.registerPath({
  method: "post",
  path: "/checkout/quote",
  operationId: "quoteCheckout",
  tags,
  summary: "See what a purchase costs before buying",
  description:
    "What POST /checkout with the same body would charge and give the caller now, and nothing is bought or redeemed: the price, " +
    "the promo code's discount, the `total` charged now (the order's `amount`), the VAT it includes at the studio's rate, and the " +
    "entitlement it gives counted from now. The figures are computed by the same code as the order's, so a checkout right after " +
    "a quote charges `total`.\n\n" +
    "Errors as on POST /checkout, in the same order: 404 unknown or non-active product, unknown or retired price; 409 " +
    '`Payments are not set up for this studio` (with `paymentMethod: "mobilepay"`: 400 for a price that is not a membership\'s, 409 ' +
    "`MobilePay is not set up for this studio`); 409 `Purchase limit reached`; 409 `Only for new customers`; 409 `Not eligible for this price`. A promo code " +
    "that does not apply is no error here: `promoCode.applied` is false with the `reason`, and the figures are without it " +
    "(POST /checkout answers it 409 `Promo code is not valid`; a gift card product takes none). `forUserId` as on POST /checkout: " +
    "the dependant's age and limit.\n\n" +
    "`giftCardCode` answers POST /checkout's errors for it (404, 409, and 429 past the wrong guesses) or `giftCard` with what " +
    "the card would pay and its balance, and `dueNow`, what is left to pay by card or MobilePay. A gift card product's " +
    "`amount` and `giftCard` are checked as POST /checkout checks them (400).",
  security: person.security,
  request: { body: jsonBody(CheckoutQuoteInput) },
  responses: {
    200: jsonResponse("What the purchase costs and gives", CheckoutQuoteSchema),
    400: errorResponse(400),
    ...person.responses,
    403: forUserId403,
    404: errorResponse(404),
    409: errorChoices([
      "Payments are not set up for this studio",
      "MobilePay is not set up for this studio",
      "Purchase limit reached",
      "Only for new customers",
      "Not eligible for this price",
      "Gift card has expired",
      "Gift card has no balance left",
      "Gift cards cannot pay for gift cards",
    ]),
    413: errorResponse(413),
    429: giftCardGuesses429,
  },
});

registry.registerPath({
  method: "post",
  path: "/payments/stripe/webhook",
  operationId: "receiveStripeWebhook",
  tags,
  summary: "Stripe webhook endpoint",
  description:
    "Called by Stripe, not by clients. The `Stripe-Signature` header is verified against the raw body. " +
    "`checkout.session.completed` (paid) and `checkout.session.async_payment_succeeded` mark the order `paid` and create its " +
    "entitlement; `checkout.session.expired` and `checkout.session.async_payment_failed` mark a pending order `failed` (giving back its promo code redemption); " +
    "`invoice.paid` of a subscription's first period keeps its PaymentIntent on the checkout's order (so it can be refunded); of a later period it records a paid renewal order (with its PaymentIntent) and extends the entitlement by one billing " +
    "period; for a price paid in instalments, the first `invoice.paid` sets when its subscription ends (after the last instalment) and a later one records " +
    "a paid instalment order linked to the first; `invoice.payment_failed` of a later instalment records a `failed` instalment order and emails the " +
    "buyer and the studio's administrators (nobody is unenrolled); `account.updated` of a studio's connected account updates its status (GET /account/payments); `charge.refunded` of a paid order's payment, such as a refund made in Stripe's dashboard, refunds the order " +
    "as POST /orders/{orderId}/refunds does: in full, or by what its `amount_refunded` adds to the order's `refundedAmount` (a refund made through that endpoint changes nothing more). Each event takes effect exactly once however often it is delivered. Other event types answer 200 and are ignored.",
  security: [],
  request: {
    headers: StripeSignatureHeaders,
    body: {
      required: true,
      content: { "application/json": { schema: z.looseObject({}).openapi({ description: "A Stripe Event object" }) } },
    },
  },
  responses: {
    200: jsonResponse("Received", WebhookReceiptSchema),
    400: errorChoices(["Invalid signature"]),
    413: errorResponse(413),
  },
});

// ---------------------------------------------------------------- orders and entitlements

registry.registerPath({
  method: "get",
  path: "/me/entitlements",
  operationId: "listMyEntitlements",
  tags,
  summary: "Your entitlements in the active account, newest first",
  description: "Your dependants' too (GET /me/dependants): each names its holder in `userId`.",
  security: person.security,
  responses: { 200: jsonResponse("Your entitlements", z.array(EntitlementSchema)), ...person.responses },
});

registry.registerPath({
  method: "get",
  path: "/me/orders",
  operationId: "listMyOrders",
  tags,
  summary: "Your orders in the active account, newest first",
  description:
    "Those you paid for your dependants too (POST /checkout `forUserId`): each names its holder in `userId`.",
  security: person.security,
  responses: { 200: jsonResponse("Your orders", z.array(OrderSchema)), ...person.responses },
});

registry.registerPath({
  method: "get",
  path: "/orders",
  operationId: "listOrders",
  tags,
  summary: "Every order of the account (purchases, desk grants, renewals), newest first",
  description:
    "Newest first, then by id. Without `limit` the whole list; with `limit` a page and a `Link` rel=next while more remain " +
    "(a keyset on `createdAt`, `id`: deep pages cost what the first does); the `Link` keeps the filters. " +
    ORDER_FILTER_DESCRIPTION,
  security: admin.security,
  request: { query: ListOrdersParams },
  responses: {
    200: { ...jsonResponse("The orders", z.array(OrderSchema)), headers: { Link: linkHeader } },
    400: errorResponse(400),
    ...admin.responses,
  },
});

const RECEIPT_DESCRIPTION =
  'A PDF (`Content-Disposition: attachment; filename="receipt-<receiptNumber>.pdf"`) in the buyer\'s language (their own ' +
  "choice, else the studio's): the seller's legal name (else the studio's name), address and VAT/CVR number as they stand " +
  "(`legal` of `PATCH /account`), the receipt number, the payment date, the buyer, the product, the amount (before and after " +
  "a discount) and, when the order was paid while the studio had a VAT rate, the VAT included at that rate. A refunded " +
  "order's receipt is a credit note (`Kreditnota`) of the same number with the refund date and the amounts negative. " +
  "404 for an order that was never paid (pending, failed) and for another account's order.";

function receiptResponse() {
  return {
    description: "The receipt",
    headers: {
      "Content-Disposition": {
        description: 'attachment; filename="receipt-….pdf"',
        schema: { type: "string" as const },
      },
    },
    content: { "application/pdf": { schema: { type: "string" as const, format: "binary" } } },
  };
}

registry.registerPath({
  method: "get",
  path: "/me/orders/{orderId}/receipt",
  operationId: "getMyOrderReceipt",
  tags,
  summary: "The receipt of one of your paid or refunded orders, as a PDF",
  description: `${RECEIPT_DESCRIPTION} Another person's order: 404.`,
  security: person.security,
  request: { params: OrderParams },
  responses: { 200: receiptResponse(), ...person.responses, 404: errorResponse(404) },
});

registry.registerPath({
  method: "get",
  path: "/orders/{orderId}/receipt",
  operationId: "getOrderReceipt",
  tags,
  summary: "The receipt of a paid or refunded order of the account, as a PDF",
  description: RECEIPT_DESCRIPTION,
  security: admin.security,
  request: { params: OrderParams },
  responses: { 200: receiptResponse(), ...admin.responses, 404: errorResponse(404) },
});

registry.registerPath({
  method: "post",
  path: "/orders/{orderId}/refunds",
  operationId: "refundOrder",
  tags,
  summary: "Refund a paid order, in full or in part",
  description:
    "Only a `paid` order (409 `Order cannot be refunded` otherwise, also for a Stripe subscription order, whose payments are its " +
    "invoices'). `amount` (minor units) refunds a part, at most what is left (`amount - refundedAmount`; 409 `Refund exceeds " +
    "what was paid` past it); without it all that is left is refunded. Demo orders and desk grants are refunded at once, without a " +
    "provider; Stripe orders through Stripe's Refunds API with that amount (idempotent per order and part; 503 when Stripe cannot " +
    "be reached, the order unchanged); MobilePay orders (`provider: mobilepay`) by refunding that amount of the Vipps MobilePay " +
    "charge that paid them (503 likewise).\n\n" +
    "Each refund has a credit note with its own number (a series per studio, apart from receipt numbers), emailed as a PDF to " +
    "the payer, and, with Dinero connected, a credit voucher of its amount. A part refunded adds to `refundedAmount` and leaves the " +
    "order `paid` and its entitlement as it is, less the `classes` it takes off a class pass (409 `Refund exceeds the classes " +
    "left` past them). The refund of all that is left makes the order `refunded` with `refundedAt` and the `reason` (the " +
    "`order.refunded` webhook event), its entitlement `revoked` (its remaining classes with it), and that entitlement's confirmed " +
    "bookings of future classes not yet attended `cancelled_by_studio`: the attendee is emailed and the freed place goes to the first " +
    "on the waitlist. Past and attended bookings stay. 404 for another account's order.",
  security: admin.security,
  request: {
    headers: IdempotencyHeaders,
    params: OrderParams,
    body: { required: false, content: { "application/json": { schema: RefundOrderInput } } },
  },
  responses: {
    200: jsonResponse("The order after the refund", OrderSchema),
    400: errorResponse(400),
    ...admin.responses,
    404: errorResponse(404),
    409: errorChoices([
      "Order cannot be refunded",
      "Refund exceeds what was paid",
      "Refund exceeds the classes left",
      "Request in progress",
    ]),
    413: errorResponse(413),
    422: errorResponse(422),
    503: errorResponse(503),
  },
});

registry.registerPath({
  method: "post",
  path: "/users/{userId}/entitlements",
  operationId: "grantEntitlement",
  tags,
  summary: "Grant an entitlement for a payment taken at the desk",
  description:
    "Records a paid order with provider `desk` at the chosen `priceId` (else the product's first current price) and creates the " +
    "entitlement that price gives (same rules as checkout). Any product of the account may be granted; purchase limits are not " +
    "applied, but the grant counts towards the purchase limit. A chosen price must be a current price of the product (404 " +
    "otherwise, as on POST /checkout) and fit the person's age on the day in the studio's timezone (409 `Not eligible for this " +
    "price`); the default price applies no age rule. 404 for an unknown product or a user who is not a member of the account. " +
    "A course product enrols the person as POST /checkout does (409 `Enrolment is closed`, 409 `Course is full`, nothing written). " +
    "A `gift_card` product is sold through POST /checkout only: 400 with a detail of code `gift_card_checkout_only` at `productId`.",
  security: admin.security,
  request: { params: GrantEntitlementParams, body: jsonBody(GrantEntitlementInput) },
  responses: {
    201: jsonResponse("The new entitlement", EntitlementSchema),
    400: errorResponse(400),
    ...admin.responses,
    404: errorResponse(404),
    409: errorChoices(["Not eligible for this price", "Enrolment is closed", "Course is full"]),
    413: errorResponse(413),
  },
});

registry.registerPath({
  method: "post",
  path: "/admin/jobs/renew-subscriptions",
  operationId: "renewSubscriptions",
  tags: ["Commerce", "Administration"],
  summary: "Renew due subscriptions",
  description:
    "Renews the account's active subscription entitlements whose `validUntil` has passed. With the `demo` provider each one " +
    "gets a paid order at its price and one more billing period at once. Stripe bills its subscriptions itself (reported by " +
    "`invoice.paid`), and desk grants are not renewed. It also takes due instalments of prices paid in instalments: with the " +
    "`demo` provider each instalment whose monthly due date has come is a paid order linked to the first (`instalmentOf`, " +
    "`instalment`, `instalments`); Stripe bills them through the purchase's subscription, which ends itself after the last. " +
    "MobilePay memberships (POST /checkout `paymentMethod: mobilepay`), whatever the provider: the next period's charge is made on the " +
    "member's Vipps MobilePay agreement 5 days before the period ends (due 2 days before it, retried for 2 days; their minimum notice is 2 days), " +
    "and charges settled are applied as their webhook applies them: captured → a paid order (receipt, `order.paid`, email) and one more " +
    "billing period, counted in `renewed`; failed after the retry days → the renewal order `failed` and the membership past due (usable " +
    "for the studio's `mobilepayGraceDays` after the period it did not pay for, never charged again; the member and the administrators " +
    "are emailed). The same work runs in the background every few minutes. " +
    "Safe to run twice, also at once in two processes: each subscription period and each instalment is taken once.",
  security: admin.security,
  responses: {
    200: jsonResponse("How many subscriptions and instalments this run renewed", RenewSubscriptionsResultSchema),
    ...admin.responses,
  },
});
