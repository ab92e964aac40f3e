import { db } from "@/lib/db";
import { findGiftCardByCode } from "@/lib/gift-cards/find-gift-card";
import { clientIp } from "@/lib/http/client-address";
import { endpoints, json, route } from "@/lib/http/route";
import { GiftCardLookupQuery, serializeGiftCardLookup } from "@/lib/schemas/gift-card";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/gift-cards/lookup", {
  GET: route(
    { operation: "GET /gift-cards/lookup", auth: "none", query: GiftCardLookupQuery },
    async ({ query, request }) => {
      const card = await findGiftCardByCode(db, query.code, { clientIp: clientIp(request.headers) });
      return json(serializeGiftCardLookup(card));
    },
  ),
});
