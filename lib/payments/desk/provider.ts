import "server-only";
import type { PaymentProvider } from "../payment-provider";
import { deskTender } from "./tender";

/**
 * Payment taken at the desk: an administrator's grant (grant-entitlement.ts) is its order, paid when
 * made. No checkout opens on it; a refund moves no money here (the desk hands it back); its next
 * period is paid at the desk, so nothing bills it.
 */
export const deskProvider: PaymentProvider<null> = {
  ...deskTender,
  settlement: "immediate",
  renewsByJob: false,
  async checkoutPayee() {
    throw new Error("the desk takes no checkout");
  },
  async openCheckout() {
    throw new Error("the desk has no hosted checkout");
  },
  // Paid when made: nothing reports a payment later.
  async paymentEvents() {
    return [];
  },
  async refund() {},
  async cancelAtPeriodEnd() {},
  async stopBillingOfRevoked() {},
};
