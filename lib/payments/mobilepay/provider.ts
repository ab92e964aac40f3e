import "server-only";
import type { PaymentProvider } from "../payment-provider";
import type { SalesUnit } from "./client";
import { mobilepayCheckoutUnit, openMobilepayAgreement, pollMobilepayAgreements } from "./memberships";
import {
  refundMobilepayCharge,
  renewMobilepayMemberships,
  stopAgreementOfRevokedMembership,
  stopMobilepayAgreement,
} from "./renewals";
import { mobilepayPaymentEvents } from "./payment-events";
import { noteRefusedKeys } from "./sales-unit";
import { mobilepayTender } from "./tender";

/**
 * Memberships paid with Vipps MobilePay through the studio's own sales unit (decision 0040),
 * whatever PAYMENTS_PROVIDER is: the checkout is an agreement the member approves in the app (its
 * initial charge pays the first period), each renewal a charge we make ahead on it (renewals.ts),
 * the agreement's and the charges' outcomes read by its webhook and by polls (memberships.ts).
 */
export const mobilepayProvider: PaymentProvider<SalesUnit> = {
  ...mobilepayTender,
  settlement: "hosted",
  // Its renewals are charges made ahead by its own work (renewDue), not the demo's renewal.
  renewsByJob: false,
  checkoutPayee: mobilepayCheckoutUnit,
  async openCheckout(unit, { order, product, price, studio, returnPath }) {
    try {
      const opened = await openMobilepayAgreement(unit, { order, product, price, studio, returnPath });
      return {
        checkoutUrl: opened.confirmationUrl,
        refs: {
          providerRef: opened.agreementId,
          mobilepayAgreementId: opened.agreementId,
          mobilepayChargeId: opened.chargeId,
        },
      };
    } catch (error) {
      await noteRefusedKeys(studio.id, error); // keys revoked: the studio's MobilePay reads failing
      throw error;
    }
  },
  paymentEvents: mobilepayPaymentEvents,
  refund: (db, order, amount) => refundMobilepayCharge({ db, order, amount }),
  cancelAtPeriodEnd: (db, { entitlement }) =>
    stopMobilepayAgreement({ db, entitlementId: entitlement.id, agreementId: entitlement.providerSubscriptionId }),
  stopBillingOfRevoked: (db, order) => stopAgreementOfRevokedMembership({ db, order }),
  renewDue: (args) => renewMobilepayMemberships(args),
  periodicWork: [
    { name: "MobilePay agreements", everyMs: 60_000, run: (now) => pollMobilepayAgreements(now) },
    { name: "MobilePay renewals", everyMs: 5 * 60_000, run: (now) => renewMobilepayMemberships({ now }) },
  ],
};
