import { listMemberGiftCards } from "@/lib/gift-cards/list-member-gift-cards";
import { endpoints, json, route } from "@/lib/http/route";
import { serializeMemberGiftCard } from "@/lib/schemas/gift-card";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/me/gift-cards", {
  GET: route({ operation: "GET /me/gift-cards", auth: "member", personOnly: true }, async ({ auth }) => {
    const cards = await listMemberGiftCards({ db: auth.db, userId: auth.userId });
    return json(cards.map(({ card, role }) => serializeMemberGiftCard(card, role)));
  }),
});
