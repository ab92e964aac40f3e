import { getGiftCardOrThrow } from "@/lib/gift-cards/get-gift-card";
import { endpoints, json, route } from "@/lib/http/route";
import { GiftCardParams, serializeGiftCardDetail } from "@/lib/schemas/gift-card";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/gift-cards/{giftCardId}", {
  GET: route(
    { operation: "GET /gift-cards/{giftCardId}", auth: "admin", params: GiftCardParams },
    async ({ auth, params }) =>
      json(serializeGiftCardDetail(await getGiftCardOrThrow({ db: auth.db, giftCardId: params.giftCardId }))),
  ),
});
