import { ListMyBookingsParams, MyBookingSchema } from "@/lib/schemas/booking";
import { EntitlementSchema } from "@/lib/schemas/entitlement";
import { OrderSchema } from "@/lib/schemas/order";
import { UserIdParams } from "@/lib/schemas/user-input";
import { z } from "@/lib/schemas/zod";
import { authFor, errorResponse, jsonResponse, registry } from "../registry";

// One person's history and the CSV exports (issue 16 §3). GET /users itself is in account.ts.

const tags = ["Account"];
const admin = authFor("admin");
const notFound = errorResponse(404, "Resource not found");
const personNotHere = "404 for a person who holds no membership in the active account (whatever they hold elsewhere).";

registry.registerPath({
  method: "get",
  path: "/users/{userId}/bookings",
  tags,
  summary: "One person's bookings in the active account, with instance and event",
  description:
    "What GET /me/bookings answers that person: every status, in chronological order of the instances; `from` (inclusive) " +
    `and \`to\` (exclusive) bound the instance's start. ${personNotHere}`,
  security: admin.security,
  request: { params: UserIdParams, query: ListMyBookingsParams },
  responses: {
    200: jsonResponse("The bookings", z.array(MyBookingSchema)),
    400: errorResponse(400),
    ...admin.responses,
    404: notFound,
  },
});

registry.registerPath({
  method: "get",
  path: "/users/{userId}/entitlements",
  tags,
  summary: "One person's entitlements (passes, credits left) in the active account, newest first",
  description: `What GET /me/entitlements answers that person, of every status. ${personNotHere}`,
  security: admin.security,
  request: { params: UserIdParams },
  responses: { 200: jsonResponse("The entitlements", z.array(EntitlementSchema)), ...admin.responses, 404: notFound },
});

registry.registerPath({
  method: "get",
  path: "/users/{userId}/orders",
  tags,
  summary: "One person's orders in the active account, newest first",
  description: `What GET /me/orders answers that person. ${personNotHere}`,
  security: admin.security,
  request: { params: UserIdParams },
  responses: { 200: jsonResponse("The orders", z.array(OrderSchema)), ...admin.responses, 404: notFound },
});
