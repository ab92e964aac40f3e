"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition, type FormEvent } from "react";
import { Button } from "@/components/ui/button";

import type { StudioState } from "@/lib/web/form-state";

type PaymentMethod = "card" | "mobilepay";

/**
 * "Pay 900.00 kr." under an order summary: buys the price with the summary's promo code; the action
 * redirects (back to the class the member came from, My bookings, or Stripe Checkout) on success,
 * else the API's message shows in the page's language. A purchase with a right of withdrawal first
 * asks, with an unticked box the member must tick, to start using it at once (`startNow`).
 */
export function BuyButton({
  total,
  purchase,
  buy,
  mobilepay = false,
  startNow,
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
    paymentMethod?: PaymentMethod;
    startNow?: boolean;
  }) => Promise<StudioState>;
  /** Also offer MobilePay (a membership through the studio's own sales unit): off to the MobilePay app. */
  mobilepay?: boolean;
  /** The words of the box to start at once, for a purchase with a right of withdrawal; else no box. */
  startNow?: string;
}) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | undefined>();
  const t = useTranslations("BuyButton");
  const pay = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const paymentMethod: PaymentMethod = submitter?.value === "mobilepay" ? "mobilepay" : "card";
    const ticked = new FormData(event.currentTarget).get("startNow") === "on";
    setError(undefined);
    startTransition(async () => {
      const result = await buy({
        ...purchase,
        ...(paymentMethod === "mobilepay" ? { paymentMethod } : {}),
        ...(startNow && ticked ? { startNow: true } : {}),
      });
      if (!result.ok) setError(result.error);
    });
  };
  return (
    <form className="flex flex-col gap-2" onSubmit={pay}>
      {startNow && (
        <label className="mb-2 flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 p-3 text-sm text-slate-900">
          <input type="checkbox" name="startNow" required className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700" />
          <span>{startNow}</span>
        </label>
      )}
      <Button type="submit" value="card" className="min-h-12 w-full text-base" disabled={pending}>
        {pending ? t("paying") : mobilepay ? t("payByCard", { total }) : t("pay", { total })}
      </Button>
      {mobilepay && (
        <Button
          type="submit"
          value="mobilepay"
          className="min-h-12 w-full text-base"
          variant="secondary"
          disabled={pending}
        >
          {pending ? t("paying") : t("payWithMobilepay", { total })}
        </Button>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
    </form>
  );
}
