import { CreatePromoCodeInput, PromoCodeParams, PromoCodeSchema, UpdatePromoCodeInput } from "@/lib/schemas/promo-code";
import { z } from "@/lib/schemas/zod";
import { authFor, errorResponse, jsonBody, jsonResponse, registry } from "../registry";

const tags = ["Commerce"];
const admin = authFor("admin");

registry.registerPath({
  method: "get",
  path: "/promo-codes",
  operationId: "listPromoCodes",
  tags,
  summary: "Every promo code of the account, active and inactive (newest first)",
  security: admin.security,
  responses: { 200: jsonResponse("The promo codes", z.array(PromoCodeSchema)), ...admin.responses },
});

registry.registerPath({
  method: "post",
  path: "/promo-codes",
  operationId: "createPromoCode",
  tags,
  summary: "Create a promo code",
  description:
    "`code` (1–40 letters, digits, `-`, `_`), `status` and exactly one discount are required: `percentOff` (1–100) or " +
    "`amountOff` (minor units) with `currency`, which must be the account's currency. `productIds` (products of this " +
    "account) limits the code to those products; empty or absent = every product. Codes are matched without regard to " +
    "case and are unique per account in any case (409 `Promo code already exists`). On a subscription a code takes " +
    "its discount off the first payment only. A redemption is taken when an order is created with the code and given " +
    "back when that order fails or expires.",
  security: admin.security,
  request: { body: jsonBody(CreatePromoCodeInput) },
  responses: {
    201: jsonResponse("The new promo code", PromoCodeSchema),
    400: errorResponse(400),
    ...admin.responses,
    409: errorResponse(409, "Promo code already exists"),
    413: errorResponse(413),
  },
});

registry.registerPath({
  method: "patch",
  path: "/promo-codes/{promoCodeId}",
  operationId: "updatePromoCode",
  tags,
  summary: "Edit a promo code (partial)",
  description:
    "Any field of POST /promo-codes. A new `percentOff`, or `amountOff` with `currency`, replaces the discount whole; " +
    "`maxRedemptions` and `validUntil` may be null (no limit, no end). `redemptions` is kept by checkout only. " +
    "Another account's code: 404. A code another code of this account has in any case: 409 `Promo code already exists`.",
  security: admin.security,
  request: { params: PromoCodeParams, body: jsonBody(UpdatePromoCodeInput) },
  responses: {
    200: jsonResponse("The promo code", PromoCodeSchema),
    400: errorResponse(400),
    ...admin.responses,
    404: errorResponse(404),
    409: errorResponse(409, "Promo code already exists"),
    413: errorResponse(413),
  },
});
