// The parts of an order's money (or of one refund) a gift card paid: the provider's part refunded
// first, the VAT shared in proportion and adding up to the whole's.
import { describe, expect, it } from "vitest";
import { paidParts } from "./paid-parts";

describe("paidParts", () => {
  it("splits a sale between the provider and the card, the VAT in proportion", () => {
    expect(paidParts({ amount: 125000, giftCardAmount: 50000 }, { amount: 125000, vatAmount: 25000 })).toEqual({
      provider: 75000,
      card: 50000,
      providerVat: 15000,
      cardVat: 10000,
    });
  });

  it("refunds the provider's part first, then the card's", () => {
    const order = { amount: 125000, giftCardAmount: 50000 };
    expect(paidParts(order, { amount: 50000, vatAmount: 10000, refundedBefore: 0 })).toMatchObject({
      provider: 50000,
      card: 0,
    });
    expect(paidParts(order, { amount: 50000, vatAmount: 10000, refundedBefore: 50000 })).toEqual({
      provider: 25000,
      card: 25000,
      providerVat: 5000,
      cardVat: 5000,
    });
    expect(paidParts(order, { amount: 25000, vatAmount: 5000, refundedBefore: 100000 })).toMatchObject({
      provider: 0,
      card: 25000,
    });
  });

  it("leaves an order no card paid for whole, whatever its refunds add up to", () => {
    expect(
      paidParts({ amount: 20000, giftCardAmount: 0 }, { amount: 20000, vatAmount: null, refundedBefore: 20000 }),
    ).toEqual({
      provider: 20000,
      card: 0,
      providerVat: null,
      cardVat: null,
    });
  });

  it("keeps the VAT's parts adding up to the whole's when they round", () => {
    const parts = paidParts({ amount: 10001, giftCardAmount: 3333 }, { amount: 10001, vatAmount: 2000 });
    expect(parts.providerVat! + parts.cardVat!).toBe(2000);
  });
});
