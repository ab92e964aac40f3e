import { listMemberGiftCards } from "@/lib/gift-cards/list-member-gift-cards";
import { requestGiftCardPayout } from "@/lib/gift-cards/request-gift-card-payout";
import { AppError } from "@/lib/errors";
import { endpoints, json, route } from "@/lib/http/route";
import { GiftCardParams, serializeMemberGiftCard } from "@/lib/schemas/gift-card";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/me/gift-cards/{giftCardId}/payout-request", {
  POST: route(
    {
      operation: "POST /me/gift-cards/{giftCardId}/payout-request",
      auth: "member",
      personOnly: true,
      params: GiftCardParams,
    },
    async ({ auth, params }) => {
      await requestGiftCardPayout({ db: auth.db, userId: auth.userId, giftCardId: params.giftCardId });
      const [found] = await listMemberGiftCards({ db: auth.db, userId: auth.userId, giftCardId: params.giftCardId });
      if (!found) throw new AppError("not_found");
      return json(serializeMemberGiftCard(found.card, found.role));
    },
  ),
});
