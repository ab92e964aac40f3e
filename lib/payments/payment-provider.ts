import type { Account, Entitlement, Order, Price, Product } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import type { PeriodicWork } from "@/lib/jobs/work";
import type { PaymentEvent } from "@/lib/orders/payment-event";
import type { Tender } from "./tender";

export type { Tender, TenderName } from "./tender";
export type { PaymentEvent } from "@/lib/orders/payment-event";

/**
 * What a hosted provider told us, for its adapter to turn into payment events: a verified webhook
 * delivery (its parsed body; `accountId`: the studio whose endpoint it came to, null for the
 * platform's), or a poll of one of its pending orders (what the provider says of it now).
 */
export type ProviderReport =
  | { source: "webhook"; accountId: string | null; body: unknown }
  | { source: "poll"; accountId: string; orderId: string };

/**
 * What a checkout bills each time: a subscription's price each period; a price paid in instalments
 * as a monthly subscription of its first instalment, for `instalments` months (the provider ends it
 * itself and adds the remainder to the last); else the price once.
 */
export type CheckoutBilling = {
  /** The list price (of each billing period, for a subscription). */
  amount: number;
  /** Set for subscription prices: the provider bills every `intervalCount` × `interval`. */
  interval: "week" | "month" | "year" | null;
  intervalCount: number | null;
  /** Set for a price paid in instalments (then `amount` is one instalment, monthly). */
  instalments: number | null;
};

/** A pending order's payment page to open (after the transaction that wrote the order). */
export type CheckoutOpening = {
  /** The pending order: its id, what it costs now (`amount`) and its promo code's discount. */
  order: Order;
  product: Pick<Product, "name">;
  price: Price;
  studio: Pick<Account, "id" | "name" | "slug">;
  /** Who pays: the buyer, or a dependant's guardian. */
  buyerEmail: string;
  /** A same-origin path (`/studio/classes/…`) the buyer comes back to from the payment page; null: the provider's default. */
  returnPath: string | null;
  billing: CheckoutBilling;
  /** When the payment page closes unpaid (a course's held seats); null: the provider's default. */
  expiresAt: Date | null;
};

/** An opened payment page: where the buyer goes, and what the order keeps of it (written as it is). */
export type OpenedCheckout = {
  checkoutUrl: string;
  refs: Partial<Pick<Order, "providerRef" | "stripeAccountId" | "mobilepayChargeId" | "mobilepayAgreementId">>;
};

/** A subscription bought through a provider: its entitlement and the order that bought it. */
export type ProviderSubscription = {
  entitlement: Pick<Entitlement, "id" | "providerSubscriptionId">;
  order: Pick<Order, "providerRef" | "stripeAccountId">;
};

/**
 * A tender's adapter (decision 0047, "Providers as adapters"): its facts (tender.ts) and what it
 * does with the money. `immediate` providers (demo, desk) count an order as paid when it is made;
 * `hosted` ones (Stripe, MobilePay) send the buyer to a payment page and report the payment later
 * (a webhook or a poll), which lib/orders applies once. `Payee`: what a checkout's first check
 * found of the studio (its Stripe account, its MobilePay sales unit), handed to `openCheckout`.
 * lib/payments/provider.ts finds the adapter of an order (`providerOf`) or of a checkout
 * (`checkoutProviderFor`); nothing outside lib/payments asks which one it is.
 */
export interface PaymentProvider<Payee = unknown> extends Tender {
  readonly settlement: "immediate" | "hosted";
  /** Whether POST /admin/jobs/renew-subscriptions charges due subscriptions of this provider itself (renew-subscriptions.ts). */
  readonly renewsByJob: boolean;
  /**
   * Before anything of a checkout is written: whether the studio can take this payment now (409
   * when it is not set up, 400 for a price this tender does not take), and what its payment page
   * will need of the studio.
   */
  checkoutPayee(db: TenantDb, price: Price): Promise<Payee>;
  /** Opens the payment page of a pending order (hosted providers; an immediate one has none and throws). */
  openCheckout(payee: Payee, opening: CheckoutOpening): Promise<OpenedCheckout>;
  /**
   * What the provider reported, as the payment events it tells of our orders (paid, failed,
   * refunded), for lib/orders to apply once (applyPaymentEvent); none of an event of another kind
   * or of no order of ours, and none ever from an immediate provider. Reading may ask the provider
   * again (MobilePay's webhook says only what changed): then it throws when the provider is out of reach.
   */
  paymentEvents(report: ProviderReport, now: Date): Promise<PaymentEvent[]>;
  /**
   * Moves `amount` minor units of a paid order's money back (all or a part of what is left) before
   * the refund is recorded (nothing for those that move none). 503 when the provider cannot be
   * reached, nothing changed. Asked again for the same part (the order's `refundedAmount` unchanged),
   * it refunds once.
   */
  refund(db: TenantDb, order: Order, amount: number): Promise<void>;
  /**
   * Stops the provider's own billing of a subscription after its current period (503 when it
   * cannot be reached, nothing changed; nothing for those whose renewals our job makes).
   */
  cancelAtPeriodEnd(db: TenantDb, subscription: ProviderSubscription): Promise<void>;
  /**
   * After a refund committed: the billing of what it revoked stops (lib/orders/after-refund.ts).
   * Best effort: logs its failure, never throws.
   */
  stopBillingOfRevoked(db: TenantDb, order: Order): Promise<void>;
  /**
   * Renewals the provider's own job makes ahead, whatever PAYMENTS_PROVIDER is (MobilePay's charges
   * on its agreements): one studio's, or every studio's. How many were paid.
   */
  renewDue?(args: { accountId?: string; now: Date }): Promise<{ renewed: number }>;
  /** Its background work on a schedule (lib/jobs/app-jobs.ts): a poll for lost webhooks, renewals. */
  readonly periodicWork?: readonly PeriodicWork[];
}
