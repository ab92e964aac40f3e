import { quoteCheckout } from "@/lib/commerce/quote-checkout";
import { clientIp } from "@/lib/http/client-address";
import { endpoints, json, route } from "@/lib/http/route";
import { promoCodeRefusalIn } from "@/lib/i18n/promo-code-refusals";
import { CheckoutQuoteInput, serializeCheckoutQuote } from "@/lib/schemas/order";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/checkout/quote", {
  POST: route(
    { operation: "POST /checkout/quote", auth: "member", personOnly: true, body: CheckoutQuoteInput },
    async ({ auth, body, request }) =>
      json(
        serializeCheckoutQuote(
          await quoteCheckout({
            db: auth.db,
            accountId: auth.accountId,
            callerId: auth.userId,
            input: body,
            clientIp: clientIp(request.headers),
          }),
          (reason) => promoCodeRefusalIn("en", reason), // the contract's language
        ),
      ),
  ),
});
