import type { PaymentRefs } from "./order-status";

/** What a provider reports of an order's payment: it went through, it did not, or its money went back. */
export type PaymentEventKind = "paid" | "failed" | "refunded";

/** What the order an event is about pays for: the purchase it was made for, or one more period of a membership. */
export type PaidFor =
  { for: "purchase"; providerSubscriptionId: string | null } | { for: "renewal"; providerSubscriptionId: string };

/**
 * A payment event: what a hosted provider's webhook or poll said of one of our orders, in the
 * provider's words turned into ours (each adapter's `paymentEvents`), applied once by lib/orders
 * (applyPaymentEvent). `eventId` is the provider's id of what it reported, unique for the provider:
 * Stripe's event id; for a provider that is polled, a name of what was seen (`agreement:<id>:paid`),
 * so the webhook and the poll reporting the same thing are one event.
 */
export type PaymentEvent = {
  provider: string;
  eventId: string;
  kind: PaymentEventKind;
  orderRef: { accountId: string; orderId: string };
  at: Date;
  /** paid: the provider's references the order keeps (a refund names them). */
  refs?: PaymentRefs;
  /** refunded: the provider's total refunded of the payment so far (minor units; default: all of it). */
  refundedTotal?: number;
  /** paid or failed: what the order pays for (default: its purchase, billed by no subscription). */
  payment?: PaidFor;
  /** The provider's own word for what it saw (an agreement's or a charge's status): for logs and its own follow-up. */
  detail?: string;
};
