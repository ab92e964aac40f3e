import { cashOutGiftCard } from "@/lib/gift-cards/cash-out-gift-card";
import { getGiftCardOrThrow } from "@/lib/gift-cards/get-gift-card";
import { endpoints, json, route } from "@/lib/http/route";
import { CashOutGiftCardInput, GiftCardParams, serializeGiftCardDetail } from "@/lib/schemas/gift-card";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/gift-cards/{giftCardId}/cash-out", {
  POST: route(
    {
      operation: "POST /gift-cards/{giftCardId}/cash-out",
      auth: "admin",
      params: GiftCardParams,
      body: CashOutGiftCardInput.optional(),
    },
    async ({ auth, params, body }) => {
      await cashOutGiftCard({ db: auth.db, giftCardId: params.giftCardId, amount: body?.amount });
      return json(serializeGiftCardDetail(await getGiftCardOrThrow({ db: auth.db, giftCardId: params.giftCardId })));
    },
  ),
});
