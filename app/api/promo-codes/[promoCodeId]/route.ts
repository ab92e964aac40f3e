import { updatePromoCode } from "@/lib/commerce/update-promo-code";
import { endpoints, json, route } from "@/lib/http/route";
import { PromoCodeParams, UpdatePromoCodeInput, serializePromoCode } from "@/lib/schemas/promo-code";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/promo-codes/{promoCodeId}", {
  PATCH: route(
    {
      operation: "PATCH /promo-codes/{promoCodeId}",
      auth: "admin",
      params: PromoCodeParams,
      body: UpdatePromoCodeInput,
    },
    async ({ auth, params, body }) =>
      json(
        serializePromoCode(
          await updatePromoCode({
            db: auth.db,
            accountId: auth.accountId,
            promoCodeId: params.promoCodeId,
            input: body,
          }),
        ),
      ),
  ),
});
