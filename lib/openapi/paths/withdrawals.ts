import { WithdrawalInput, WithdrawalSchema } from "@/lib/schemas/withdrawal";
import { ListWithdrawalsParams } from "@/lib/schemas/withdrawal-filter";
import { z } from "@/lib/schemas/zod";
import { bearerAuth, demoCookie, webCookie } from "../registry";
import { authFor, errorChoices, errorResponse, jsonBody, jsonResponse, linkHeader, registry } from "../registry";

// The withdrawal function (issue 46 §2, decision 0049): a buyer withdraws from an online purchase.

registry.registerPath({
  method: "post",
  path: "/withdrawals",
  operationId: "withdrawOrder",
  tags: ["Commerce"],
  summary: "Withdraw from an online purchase (the right of withdrawal)",
  description:
    "A signed-in member names their own order (`orderId`; a session, not an API key); anyone else names the studio " +
    "(`accountSlug`), their name, the buyer's email (compared case-insensitively) and the receipt number on the " +
    "receipt, without a session (limited to 30 such requests per client IP per 15 minutes). The withdrawal is " +
    "received at once, an acknowledgment is emailed to the buyer (in their language), and the order's provider " +
    "refunds `refundAmount`: the price paid less what was used when the buyer asked to start at once (`usedAmount`, " +
    "FAL §22; without `startNow` the whole price). The order ends: `refunded`, its pass or membership revoked, its " +
    'future bookings cancelled, a membership\'s billing stopped, `order.refunded` sent with `reason: "withdrawal"`. ' +
    'While the provider cannot be reached the answer is still 201, `status: "refund_pending"`, and the refund is ' +
    "retried. An unknown order, another person's, another studio's, or an email or receipt number that does not " +
    "match: 404, the same answer for each, and nothing is emailed. A gift card's order (14 days, as passes) is withdrawn " +
    "only while its card is unspent (409 `Gift card has been spent`); the withdrawal voids the card.",
  security: [{}, { [bearerAuth.name]: [] }, { [demoCookie.name]: [] }, { [webCookie.name]: [] }],
  request: { body: jsonBody(WithdrawalInput) },
  responses: {
    201: jsonResponse("The withdrawal, received", WithdrawalSchema),
    400: errorResponse(400),
    401: { ...errorResponse(401), description: "Authentication required: `orderId` needs a member's session" },
    403: { ...errorResponse(403), description: "Insufficient permission: an API key is no person" },
    404: errorResponse(404, "Resource not found"),
    409: errorChoices([
      "This purchase has no right of withdrawal",
      "Purchase already withdrawn",
      "Withdrawal period has ended",
      "Gift card has been spent",
    ]),
    413: errorResponse(413),
    429: {
      ...errorResponse(429),
      headers: z.object({
        "Retry-After": z
          .number()
          .int()
          .positive()
          .openapi({ description: "Seconds until the limit's window ends", example: 840 }),
      }),
    },
  },
});

const admin = authFor("admin");

registry.registerPath({
  method: "get",
  path: "/withdrawals",
  operationId: "listWithdrawals",
  tags: ["Commerce"],
  summary: "The studio's withdrawals (fortrydelser), newest received first",
  description:
    "Newest received first, then by id. Without `limit` the whole list; with `limit` a page and a `Link` rel=next while " +
    "more remain (a keyset on `receivedAt`, `id`); the `Link` keeps the filter. `userId` keeps the withdrawals of that " +
    "person's orders (someone not of this studio keeps nothing).",
  security: admin.security,
  request: { query: ListWithdrawalsParams },
  responses: {
    200: { ...jsonResponse("The withdrawals", z.array(WithdrawalSchema)), headers: { Link: linkHeader } },
    400: errorResponse(400),
    ...admin.responses,
  },
});
