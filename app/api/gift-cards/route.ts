import { listGiftCards } from "@/lib/gift-cards/list-gift-cards";
import { pageResponse } from "@/lib/http/page-response";
import { endpoints, route } from "@/lib/http/route";
import { ListGiftCardsQuery, serializeGiftCard } from "@/lib/schemas/gift-card";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/gift-cards", {
  GET: route(
    { operation: "GET /gift-cards", auth: "admin", query: ListGiftCardsQuery },
    async ({ auth, query, request }) => {
      const page = await listGiftCards({ db: auth.db, ...query });
      return pageResponse(
        request,
        page.items.map((card) => serializeGiftCard(card)),
        page.next,
      );
    },
  ),
});
