"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";

type Result = { ok: true; message: string } | { ok: false; error: string };

/**
 * "Pay 900.00 kr." under an order summary: buys the price with the summary's promo code; the action
 * redirects (back to the class the member came from, My bookings, or Stripe Checkout) on success,
 * else the API's message shows in the page's language.
 */
export function BuyButton({
  total,
  purchase,
  buy,
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
  }) => Promise<Result>;
}) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | undefined>();
  const t = useTranslations("BuyButton");
  return (
    <div className="flex flex-col gap-2">
      <Button
        className="min-h-12 w-full text-base"
        disabled={pending}
        onClick={() => {
          setError(undefined);
          startTransition(async () => {
            const result = await buy(purchase);
            if (!result.ok) setError(result.error);
          });
        }}
      >
        {pending ? t("paying") : t("pay", { total })}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
