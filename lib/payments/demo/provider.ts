import "server-only";
import type { PaymentProvider } from "@/lib/payments/payment-provider";

/**
 * The demonstration provider: no money moves. An order is paid the moment it is made, and the
 * renewal job renews due subscriptions at once.
 */
export const demoProvider: PaymentProvider = {
  name: "demo",
  settlement: "immediate",
  renewsByJob: true,
  async createHostedCheckout() {
    throw new Error("the demo provider has no hosted checkout");
  },
  // Its renewals are made by our job, which skips cancelled subscriptions.
  async cancelAtPeriodEnd() {},
};
