import { describe, expect, it } from "vitest";
import { checkoutPaymentMethods, methodAllowedFor } from "@/lib/payments/payment-methods";
import { stripeAccountStatus } from "./account-status";

const account = (facts: { details_submitted: boolean; charges_enabled: boolean; disabled_reason?: string | null }) => ({
  details_submitted: facts.details_submitted,
  charges_enabled: facts.charges_enabled,
  requirements: { disabled_reason: facts.disabled_reason ?? null },
});

describe("stripeAccountStatus", () => {
  it("is not_connected without an account", () => {
    expect(stripeAccountStatus(null)).toBe("not_connected");
  });

  it("is onboarding while the details are not submitted", () => {
    expect(stripeAccountStatus(account({ details_submitted: false, charges_enabled: false }))).toBe("onboarding");
    expect(
      stripeAccountStatus(
        account({ details_submitted: false, charges_enabled: false, disabled_reason: "requirements.past_due" }),
      ),
    ).toBe("onboarding");
  });

  it("is active when charges are enabled and nothing disables the account", () => {
    expect(stripeAccountStatus(account({ details_submitted: true, charges_enabled: true }))).toBe("active");
    expect(stripeAccountStatus({ details_submitted: true, charges_enabled: true })).toBe("active");
  });

  it("is restricted when submitted but charges are disabled or a disabled reason is named", () => {
    expect(stripeAccountStatus(account({ details_submitted: true, charges_enabled: false }))).toBe("restricted");
    expect(
      stripeAccountStatus(
        account({ details_submitted: true, charges_enabled: true, disabled_reason: "rejected.fraud" }),
      ),
    ).toBe("restricted");
  });
});

describe("payment methods", () => {
  it("allows MobilePay in DKK, EUR, NOK and SEK only", () => {
    for (const currency of ["DKK", "EUR", "NOK", "SEK", "dkk"])
      expect(methodAllowedFor("mobilepay", currency)).toBe(true);
    for (const currency of ["USD", "GBP"]) expect(methodAllowedFor("mobilepay", currency)).toBe(false);
    expect(methodAllowedFor("card", "USD")).toBe(true);
  });

  it("offers MobilePay for one-off purchases only, and card always", () => {
    expect(checkoutPaymentMethods(["card", "mobilepay"], { currency: "DKK", subscription: false })).toEqual([
      "card",
      "mobilepay",
    ]);
    expect(checkoutPaymentMethods(["card", "mobilepay"], { currency: "DKK", subscription: true })).toEqual(["card"]);
    expect(checkoutPaymentMethods(["card", "mobilepay"], { currency: "USD", subscription: false })).toEqual(["card"]);
    expect(checkoutPaymentMethods([], { currency: "DKK", subscription: false })).toEqual(["card"]);
  });
});
