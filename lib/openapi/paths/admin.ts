import { SummaryParams, SummarySchema } from "@/lib/schemas/summary";
import { authFor, errorResponse, jsonResponse, registry } from "../registry";

const admin = authFor("admin");

registry.registerPath({
  method: "get",
  path: "/admin/summary",
  operationId: "getSummary",
  tags: ["Administration"],
  summary: "Bookings, attendance, fill rate and revenue of a period",
  description:
    "The period is [from, to): by default the 30 days before now; only `from`: the 30 days after it. `from` must be " +
    "before `to` and the period at most 366 days, else 400. Booking figures and the fill rate count the instances that " +
    "START in the period (whenever the booking was made); revenue counts orders PAID in the period. `giftCards` (decision " +
    "0051) are the cards issued in the period, spent in it net of refunds to cards, and the balance of the cards still " +
    "valid at `to`. Only the caller's account is counted.",
  security: admin.security,
  request: { query: SummaryParams },
  responses: {
    200: jsonResponse("The figures of the period", SummarySchema),
    400: errorResponse(400),
    ...admin.responses,
  },
});
