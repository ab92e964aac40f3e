import { getGiftCardOrThrow } from "@/lib/gift-cards/get-gift-card";
import { voidGiftCard } from "@/lib/gift-cards/void-gift-card";
import { endpoints, json, route } from "@/lib/http/route";
import { GiftCardParams, serializeGiftCardDetail, VoidGiftCardInput } from "@/lib/schemas/gift-card";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/gift-cards/{giftCardId}/void", {
  POST: route(
    { operation: "POST /gift-cards/{giftCardId}/void", auth: "admin", params: GiftCardParams, body: VoidGiftCardInput },
    async ({ auth, params, body }) => {
      await voidGiftCard({ db: auth.db, giftCardId: params.giftCardId, reason: body.reason });
      return json(serializeGiftCardDetail(await getGiftCardOrThrow({ db: auth.db, giftCardId: params.giftCardId })));
    },
  ),
});
