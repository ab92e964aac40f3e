import { describe, expect, it } from "vitest";
import { giftCardRefundSplit } from "./gift-card-refund-split";

describe("giftCardRefundSplit", () => {
  const order = { amount: 120000, giftCardAmount: 50000 };

  it("refunds the provider's part first, then the card's", () => {
    expect(giftCardRefundSplit({ ...order, refundedAmount: 0 }, 30000)).toEqual({ provider: 30000, card: 0 });
    expect(giftCardRefundSplit({ ...order, refundedAmount: 30000 }, 60000)).toEqual({ provider: 40000, card: 20000 });
    expect(giftCardRefundSplit({ ...order, refundedAmount: 90000 }, 30000)).toEqual({ provider: 0, card: 30000 });
  });

  it("gives all of an order the card paid wholly back to the card, and all of one without a card to the provider", () => {
    expect(giftCardRefundSplit({ amount: 50000, giftCardAmount: 50000, refundedAmount: 0 }, 50000)).toEqual({
      provider: 0,
      card: 50000,
    });
    expect(giftCardRefundSplit({ amount: 50000, giftCardAmount: 0, refundedAmount: 0 }, 50000)).toEqual({
      provider: 50000,
      card: 0,
    });
  });
});
