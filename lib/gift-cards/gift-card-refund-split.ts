/**
 * How a refund of an order paid in part by a gift card splits (decision 0051): the provider's part
 * (`amount − giftCardAmount`) is refunded first, then the card's. Refunds go in that order, so of
 * `refundedAmount` the provider's part is taken first. `refunding`: this refund's amount, with
 * `refundedAmount` as it was before it.
 */
export function giftCardRefundSplit(
  order: { amount: number; giftCardAmount: number; refundedAmount: number },
  refunding: number,
): { provider: number; card: number } {
  const providerLeft = Math.max(0, order.amount - order.giftCardAmount - order.refundedAmount);
  const provider = Math.min(refunding, providerLeft);
  return { provider, card: refunding - provider };
}
