/**
 * What of an order's money (or of one refund of it) a gift card paid (decision 0051): the card pays
 * `giftCardAmount` of `amount`, the provider the rest, and a refund gives the provider's part back
 * first, then the card's. `vatAmount` is shared in proportion (the card's share rounded, the
 * provider's the rest), so the parts' VAT adds up to the whole's.
 */
export type PaidParts = { provider: number; card: number; providerVat: number | null; cardVat: number | null };

export function paidParts(
  order: { amount: number; giftCardAmount: number | null },
  part: { amount: number; vatAmount: number | null; refundedBefore?: number },
): PaidParts {
  const byCard = order.giftCardAmount ?? 0;
  if (byCard <= 0)
    return { provider: part.amount, card: 0, providerVat: part.vatAmount, cardVat: part.vatAmount === null ? null : 0 };
  const providerLeft = Math.max(0, order.amount - byCard - (part.refundedBefore ?? 0));
  const provider = part.refundedBefore === undefined ? part.amount - byCard : Math.min(part.amount, providerLeft);
  const card = part.amount - provider;
  if (part.vatAmount === null) return { provider, card, providerVat: null, cardVat: null };
  const cardVat = part.amount === 0 ? 0 : Math.round((part.vatAmount * card) / part.amount);
  return { provider, card, providerVat: part.vatAmount - cardVat, cardVat };
}

/** What the refunds of an order before `refund` gave back (by instant, then id), for paidParts' `refundedBefore`. */
export function refundedBefore(
  refund: { id: string; refundedAt: Date },
  refunds: { id: string; amount: number; refundedAt: Date }[],
): number {
  return refunds
    .filter(
      (other) =>
        other.refundedAt < refund.refundedAt ||
        (other.refundedAt.getTime() === refund.refundedAt.getTime() && other.id < refund.id),
    )
    .reduce((sum, other) => sum + other.amount, 0);
}
