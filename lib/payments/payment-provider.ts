import type { PaymentMethod } from "./payment-methods";

/** What a hosted payment page needs to know about a pending order. */
export type HostedCheckoutInput = {
  orderId: string;
  accountId: string;
  /** A same-origin path (`/studio/classes/…`) the buyer comes back to from the payment page; null: the home page. */
  returnPath?: string | null;
  buyerEmail: string;
  productName: string;
  /** The list price (of each billing period, for a subscription). */
  amount: number;
  /** Minor units off the first payment (a promo code); 0 for none. */
  firstPaymentDiscount: number;
  currency: string;
  /** Set for subscription prices: the provider bills every `intervalCount` × `interval`. */
  interval: "week" | "month" | "year" | null;
  intervalCount: number | null;
  /**
   * Set for a price paid in instalments (then `amount` is one instalment, monthly): the provider
   * bills this many months and ends the subscription itself (Stripe: its `cancel_at`).
   */
  instalments: number | null;
  /** Stripe Connect: the studio's connected account the payment is made on (a direct charge). */
  connectedAccountId: string | null;
  /** When the payment page closes unpaid (a course's held seats); null: the provider's default. */
  expiresAt?: Date | null;
  /** The methods the payment page offers (card-only for subscriptions). */
  paymentMethods: PaymentMethod[];
};

/** A subscription at the provider: its id when stored, else the hosted checkout it was bought through. */
export type ProviderSubscriptionRef = {
  subscriptionId: string | null;
  checkoutRef: string | null;
  /** Stripe Connect: the connected account the subscription lives on; null for the platform's own. */
  connectedAccountId: string | null;
};

export type HostedCheckout = { providerRef: string; checkoutUrl: string };

/**
 * A way of taking payments. `immediate` providers (demo) count an order as paid when it is made;
 * `hosted` ones (Stripe) send the buyer to a payment page and report the payment by webhook.
 */
export interface PaymentProvider {
  readonly name: "demo" | "stripe";
  readonly settlement: "immediate" | "hosted";
  /** Whether POST /admin/jobs/renew-subscriptions charges due subscriptions of this provider itself. */
  readonly renewsByJob: boolean;
  /** Opens the payment page of a pending order (hosted providers only). */
  createHostedCheckout(input: HostedCheckoutInput): Promise<HostedCheckout>;
  /**
   * Stops the provider's own billing of a subscription after its current period (hosted providers;
   * a no-op for those whose renewals our job makes).
   */
  cancelAtPeriodEnd(ref: ProviderSubscriptionRef): Promise<void>;
}
