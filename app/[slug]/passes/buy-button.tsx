"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { usePromoCode } from "./promo-code";

type Result = { ok: true; message: string } | { ok: false; error: string };

/** Buy one price of a product (with the page's promo code, if one was typed): the action redirects (My bookings, or Stripe Checkout) on success, else shows the API's message. */
export function BuyButton({
  label,
  productId,
  priceId,
  buy,
}: {
  label: string;
  productId: string;
  priceId: string;
  buy: (input: { productId: string; priceId: string; promoCode?: string }) => Promise<Result>;
}) {
  const promoCode = usePromoCode();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | undefined>();
  const t = useTranslations("BuyButton");
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <Button
        size="sm"
        disabled={pending}
        aria-label={t("buyLabel", { label })}
        onClick={() => {
          setError(undefined);
          startTransition(async () => {
            const result = await buy({ productId, priceId, promoCode });
            if (!result.ok) setError(result.error);
          });
        }}
      >
        {pending ? t("buying") : t("buy")}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
