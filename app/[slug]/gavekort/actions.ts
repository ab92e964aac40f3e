"use server";

import { readCheckbox, readInteger, readRaw, readText } from "@/components/forms/form-data";
import { startCheckout } from "@/lib/commerce/start-checkout";
import { CheckoutInput } from "@/lib/schemas/order";
import { studioAction } from "@/lib/web/action";
import { giftCardPath, studioPath, studioSite } from "../studio-paths";
import { pageLanguage } from "@/lib/i18n/page-language";
import { boughtGiftCard } from "./bought-gift-card-words";

/**
 * Buy a gift card: POST /checkout's own function with `giftCard` and `priceId` (a fixed amount) or
 * `amount` (one within the product's range). Paid at once (the demo provider), the answer carries
 * the card with its code, the only time it is shown; a hosted payment goes off to the provider and
 * comes back to the gift card page (`?checkout=success|cancelled`).
 */
export const buyGiftCardAction = studioAction(
  {
    auth: "member",
    input: {
      schema: CheckoutInput,
      fields: {
        productId: readText,
        priceId: readText,
        amount: readInteger,
        paymentMethod: readText,
        acceptTerms: readCheckbox,
        giftCard: { recipientName: readRaw, recipientEmail: readText, message: readRaw, deliverOn: readText },
      },
    },
    ...studioSite,
  },
  async ({ viewer, slug, input }) => {
    const returnPath = giftCardPath(slug, await pageLanguage());
    const checkout = await startCheckout({
      db: viewer.db,
      accountId: viewer.accountId,
      callerId: viewer.userId,
      input,
      returnPath,
    });
    if (checkout.checkoutUrl) return { redirectTo: checkout.checkoutUrl };
    const giftCard = await boughtGiftCard(viewer, checkout);
    // Paid, yet no card to show (not issued at once): My bookings says the purchase went through.
    return giftCard ? { giftCard } : { redirectTo: studioPath(slug, "/me?bought=1") };
  },
);
