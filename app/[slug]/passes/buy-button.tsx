"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";

import type { StudioState } from "@/lib/web/form-state";

/**
 * "Pay 900.00 kr." under an order summary: buys the price with the summary's promo code; the action
 * redirects (back to the class the member came from, My bookings, or Stripe Checkout) on success,
 * else the API's message shows in the page's language.
 */
export function BuyButton({
  total,
  purchase,
  buy,
  mobilepay = false,
}: {
  /** The total the summary shows, formatted. */
  total: string;
  purchase: { productId: string; priceId: string; promoCode?: string; returnTo?: string; forUserId?: string };
  buy: (input: {
    productId: string;
    priceId: string;
    promoCode?: string;
    returnTo?: string;
    forUserId?: string;
    paymentMethod?: "card" | "mobilepay";
  }) => Promise<StudioState>;
  /** Also offer MobilePay (a membership through the studio's own sales unit): off to the MobilePay app. */
  mobilepay?: boolean;
}) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | undefined>();
  const t = useTranslations("BuyButton");
  const pay = (paymentMethod: "card" | "mobilepay") => {
    setError(undefined);
    startTransition(async () => {
      const result = await buy(paymentMethod === "card" ? purchase : { ...purchase, paymentMethod });
      if (!result.ok) setError(result.error);
    });
  };
  return (
    <div className="flex flex-col gap-2">
      <Button className="min-h-12 w-full text-base" disabled={pending} onClick={() => pay("card")}>
        {pending ? t("paying") : mobilepay ? t("payByCard", { total }) : t("pay", { total })}
      </Button>
      {mobilepay && (
        <Button
          className="min-h-12 w-full text-base"
          variant="secondary"
          disabled={pending}
          onClick={() => pay("mobilepay")}
        >
          {pending ? t("paying") : t("payWithMobilepay", { total })}
        </Button>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
