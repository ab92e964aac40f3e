import "server-only";
import type { PaymentProvider } from "../payment-provider";
import { demoTender } from "./tender";

/**
 * The demonstration provider: no money moves. An order is paid the moment it is made, and the
 * renewal job renews due subscriptions at once.
 */
export const demoProvider: PaymentProvider<null> = {
  ...demoTender,
  settlement: "immediate",
  renewsByJob: true,
  async checkoutPayee() {
    return null;
  },
  async openCheckout() {
    throw new Error("the demo provider has no hosted checkout");
  },
  // Paid when made: nothing reports a payment later.
  async paymentEvents() {
    return [];
  },
  async refund() {},
  // Its renewals are made by our job, which skips cancelled subscriptions.
  async cancelAtPeriodEnd() {},
  // Our job renews no revoked membership: there is nothing to stop.
  async stopBillingOfRevoked() {},
};
