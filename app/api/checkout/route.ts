import { startCheckout } from "@/lib/commerce/start-checkout";
import { groupGiftCardCode } from "@/lib/gift-cards/gift-card-code";
import { clientIp } from "@/lib/http/client-address";
import { idempotent } from "@/lib/http/idempotency";
import { endpoints, json, route } from "@/lib/http/route";
import { serializeEntitlement } from "@/lib/schemas/entitlement";
import { serializeGiftCard } from "@/lib/schemas/gift-card";
import { orderWireContext } from "@/lib/orders/order-wire";
import { CheckoutInput, serializeOrder, type CheckoutDto } from "@/lib/schemas/order";

/** A replayed checkout answers its card without the code: the code is shown once and never stored. */
function withoutGiftCardCode(answer: unknown): unknown {
  const checkout = answer as CheckoutDto;
  return checkout.giftCard ? { ...checkout, giftCard: { ...checkout.giftCard, code: null } } : answer;
}

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/checkout", {
  POST: route(
    { operation: "POST /checkout", auth: "member", personOnly: true, body: CheckoutInput },
    async ({ auth, body, request }) =>
      idempotent(
        request,
        auth,
        body,
        async () => {
          const result = await startCheckout({
            db: auth.db,
            accountId: auth.accountId,
            callerId: auth.userId,
            input: body,
            clientIp: clientIp(request.headers),
          });
          const response: CheckoutDto = {
            // placed just now: no withdrawal can have been received for it
            order: serializeOrder(
              { ...result.order, withdrawal: null },
              await orderWireContext(auth.db, auth.accountId),
            ),
            checkoutUrl: result.checkoutUrl,
            entitlement: result.entitlement ? serializeEntitlement(result.entitlement) : null,
            // the one answer that shows a card's code: bought and paid at once
            giftCard:
              result.giftCard && serializeGiftCard(result.giftCard.card, groupGiftCardCode(result.giftCard.code)),
          };
          return json(response, 201);
        },
        { kept: withoutGiftCardCode },
      ),
  ),
});
