import { Id } from "./common";
import { cursorKey, PageParams } from "./page";
import { z } from "./zod";
import { ruleIssue } from "@/lib/error-details";

export const ListWithdrawalsParams = z.object({
  ...PageParams,
  userId: Id.optional().openapi({ description: "Only withdrawals of this person's orders (the buyer)" }),
});

/** The sort key of GET /withdrawals and its cursor: received, then id, both descending. */
export const WithdrawalKey = z
  .tuple([z.iso.datetime(), Id])
  .transform(([receivedAt, id]) => [new Date(receivedAt), id] as const);
export type WithdrawalKey = readonly [Date, string];

export const ListWithdrawalsQuery = ListWithdrawalsParams.transform(({ cursor, limit, userId }, context) => {
  if (cursor !== undefined && limit === undefined)
    context.addIssue({ code: "custom", path: ["cursor"], ...ruleIssue("cursor_without_limit") });
  return { limit, after: cursorKey(WithdrawalKey, cursor, context), userId };
});
