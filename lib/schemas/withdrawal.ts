import type { Withdrawal } from "@prisma/client";
import { Id, text } from "./common";
import { z } from "./zod";

export const WithdrawalStatusSchema = z.enum(["refunded", "refund_pending"]).openapi("WithdrawalStatus", {
  description:
    "`refunded`: the refund was made through the order's provider; `refund_pending`: the provider could not be reached, and the jobs module retries it",
});

export const WithdrawalSchema = z
  .object({
    id: Id,
    orderId: Id,
    receivedAt: z.iso.datetime().openapi({ description: "When the withdrawal was received: the acknowledgment names it" }),
    usedAmount: z.number().int().nonnegative().openapi({
      example: 24000,
      description:
        "Minor units the buyer pays for what was used (FAL §22): a class pass's classes used × price / its classes, a membership's or an unlimited pass's price × days since the start / days of the period, rounded down to whole øre; 0 when nothing was used or the buyer did not ask to start at once (`startNow`)",
    }),
    refundAmount: z.number().int().nonnegative().openapi({ example: 96000, description: "Minor units refunded: paid − `usedAmount`" }),
    currency: z.string().openapi({ example: "DKK" }),
    basis: z.string().openapi({
      example: "2 af 10 klip brugt: 240,00 kr. af 1.200,00 kr.",
      description: "How `usedAmount` was worked out, in words, in the buyer's language",
    }),
    status: WithdrawalStatusSchema,
  })
  .openapi("Withdrawal");

export const WithdrawalInput = z
  .union([
    z.strictObject({ orderId: Id.openapi({ description: "The signed-in member's own order" }) }),
    z.strictObject({
      accountSlug: text().min(1).max(200),
      name: text().trim().min(1).max(200),
      email: z.email().max(320).openapi({ description: "The buyer's email: it must be the order's buyer's" }),
      receiptNumber: z.coerce.number().int().positive().openapi({ description: "The receipt number on the receipt" }),
    }),
  ])
  .openapi("WithdrawalInput", {
    description:
      "A signed-in member names the order (`orderId`); anyone else names the studio, their name, their email and the receipt number",
  });

export type WithdrawalDto = z.infer<typeof WithdrawalSchema>;
export type WithdrawalInput = z.infer<typeof WithdrawalInput>;

export function serializeWithdrawal(withdrawal: Withdrawal): WithdrawalDto {
  return {
    id: withdrawal.id,
    orderId: withdrawal.orderId,
    receivedAt: withdrawal.receivedAt.toISOString(),
    usedAmount: withdrawal.usedAmount,
    refundAmount: withdrawal.refundAmount,
    currency: withdrawal.currency,
    basis: withdrawal.basis,
    status: withdrawal.status as WithdrawalDto["status"],
  };
}
