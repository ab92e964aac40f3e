import { createPromoCode } from "@/lib/commerce/create-promo-code";
import { listPromoCodes } from "@/lib/commerce/list-promo-codes";
import { endpoints, json, route } from "@/lib/http/route";
import { CreatePromoCodeInput, serializePromoCode } from "@/lib/schemas/promo-code";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/promo-codes", {
  GET: route({ operation: "GET /promo-codes", auth: "admin" }, async ({ auth }) =>
    json((await listPromoCodes({ db: auth.db })).map(serializePromoCode)),
  ),
  POST: route({ operation: "POST /promo-codes", auth: "admin", body: CreatePromoCodeInput }, async ({ auth, body }) =>
    json(serializePromoCode(await createPromoCode({ db: auth.db, accountId: auth.accountId, input: body })), 201),
  ),
});
