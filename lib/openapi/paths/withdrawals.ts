import { WithdrawalSchema } from "@/lib/schemas/withdrawal";
import { ListWithdrawalsParams } from "@/lib/schemas/withdrawal-filter";
import { z } from "@/lib/schemas/zod";
import { authFor, errorResponse, jsonResponse, linkHeader, registry } from "../registry";

const tags = ["Commerce"];
const admin = authFor("admin");

registry.registerPath({
  method: "get",
  path: "/withdrawals",
  operationId: "listWithdrawals",
  tags,
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
