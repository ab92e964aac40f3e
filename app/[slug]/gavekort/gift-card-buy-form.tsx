"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useId, useState, useTransition, type FormEvent, type ReactNode } from "react";
import { inputClass } from "@/components/forms/field";
import { GiftCardFace } from "@/components/gift-cards/gift-card-face";
import { Button, buttonClass } from "@/components/ui/button";
import { formatMoney } from "@/lib/format/money";
import { GIFT_CARD_MESSAGE_MAX } from "@/lib/schemas/gift-card";
import type { StudioState } from "@/lib/web/form-state";
import type { BoughtGiftCard, GiftCardPurchase } from "./bought-gift-card";

/** A gift card product as the buy page offers it: its fixed amounts and any range the buyer chooses within. */
export type GiftCardChoice = {
  id: string;
  name: string;
  design: "logo" | "colour";
  /** "Gyldigt i 12 måneder fra købet". */
  validity: string;
  /** "Du kan fortryde købet i 14 dage". */
  right: string;
  prices: { id: string; amount: number; label: string }[];
  /** Minor units; `text` says the range ("Valgfrit beløb: 200,00–5.000,00 kr."). */
  custom: { min: number; max: number; text: string } | null;
};

const CUSTOM = "custom";

/**
 * The gift card form: the card and its amount, whom it is for, a message (with its characters left)
 * and the day it is sent, with a live card; then the terms box and the pay buttons of the order
 * summary (BuyButton). Paid at once (the demo provider), the card shows with its code; a hosted
 * payment goes off to the provider.
 */
export function GiftCardBuyForm({
  studio,
  choices,
  chosen,
  currency,
  locale,
  digits,
  today,
  lastDay,
  payWith,
  terms,
  signInHref,
  buy,
}: {
  studio: { name: string; logoUrl: string | null; accentColor: string | null };
  choices: GiftCardChoice[];
  chosen: string;
  currency: string;
  locale: string;
  /** Digits of the currency's minor unit: the custom amount is typed in whole kroner and sent in øre. */
  digits: number;
  /** The studio's today and the last day a card may be sent (a year ahead), "YYYY-MM-DD". */
  today: string;
  lastDay: string;
  /**
   * How the buyer can pay, in words ("Betal med kort eller MobilePay."): a card is paid on the studio's
   * card provider's page, which offers MobilePay when the studio does (its own MobilePay sales unit takes
   * memberships only).
   */
  payWith: string;
  /** The words of the box to accept the studio's terms, when it has terms. */
  terms?: ReactNode;
  /** Signed out: where to sign in before buying; no pay buttons then. */
  signInHref?: string;
  buy: (purchase: GiftCardPurchase) => Promise<StudioState & { giftCard?: BoughtGiftCard }>;
}) {
  const t = useTranslations("GiftCardPages");
  const tBuy = useTranslations("BuyButton");
  const id = useId();
  const [productId, setProductId] = useState(chosen);
  const product = choices.find((choice) => choice.id === productId) ?? choices[0]!;
  const [priceChoice, setPriceChoice] = useState<string>(product.prices[0]?.id ?? CUSTOM);
  const [customText, setCustomText] = useState("");
  const [recipientName, setRecipientName] = useState("");
  const [message, setMessage] = useState("");
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | undefined>();
  const [bought, setBought] = useState<BoughtGiftCard | undefined>();

  const customMinor = /^\d+$/.test(customText.trim()) ? Number(customText.trim()) * 10 ** digits : null;
  const price = product.prices.find((candidate) => candidate.id === priceChoice);
  const amount = price?.amount ?? customMinor ?? product.custom?.min ?? 0;
  const money = (minor: number) => formatMoney(minor, currency, locale);

  function choose(next: string) {
    setProductId(next);
    const nextProduct = choices.find((choice) => choice.id === next);
    setPriceChoice(nextProduct?.prices[0]?.id ?? CUSTOM);
  }

  function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
    };
    if (!price && customMinor === null) {
      setError(t("customAmountRequired"));
      return;
    }
    const purchase: GiftCardPurchase = {
      productId: product.id,
      ...(price ? { priceId: price.id } : { amount: customMinor! }),
      giftCard: {
        recipientName,
        ...(text("recipientEmail") ? { recipientEmail: text("recipientEmail") } : {}),
        ...(message.trim() ? { message } : {}),
        ...(text("deliverOn") ? { deliverOn: text("deliverOn") } : {}),
      },
      ...(terms && form.get("acceptTerms") === "on" ? { acceptTerms: true } : {}),
    };
    setError(undefined);
    startTransition(async () => {
      const result = await buy(purchase);
      // A field's refusal says which: the form's fields are few, so its words go under the message.
      if (!result.ok) setError([result.error, ...Object.values(result.fieldErrors ?? {})].filter(Boolean).join(" "));
      else if (result.giftCard) setBought(result.giftCard);
    });
  }

  if (bought) {
    return (
      <section aria-labelledby={`${id}-bought`} className="mt-6 space-y-4" data-testid="gift-card-bought">
        <h2 id={`${id}-bought`} className="text-xl font-semibold text-brand-900">
          {t("thanks")}
        </h2>
        <GiftCardFace
          studio={studio}
          design={bought.design}
          amount={bought.amount}
          recipientName={bought.recipientName}
          {...(bought.code ? { code: bought.code } : { last4: bought.last4 })}
          validity={bought.validUntil}
        />
        <p className="text-slate-800">{bought.delivery}</p>
        {bought.code ? <p className="text-sm text-slate-700">{t("codeOnce")}</p> : null}
      </section>
    );
  }

  const total = money(amount);
  return (
    <form onSubmit={pay} className="mt-6 space-y-6" aria-busy={pending}>
      <GiftCardFace
        studio={studio}
        design={product.design}
        amount={total}
        recipientName={recipientName.trim() || undefined}
        validity={product.validity}
      />

      {choices.length > 1 ? (
        <fieldset className="space-y-2">
          <legend className="font-semibold text-slate-900">{t("chooseCard")}</legend>
          {choices.map((choice) => (
            <label key={choice.id} className="flex cursor-pointer items-center gap-3 rounded-md border p-3">
              <input
                type="radio"
                name="productId"
                value={choice.id}
                checked={choice.id === product.id}
                onChange={() => choose(choice.id)}
                className="h-5 w-5 accent-brand-700"
              />
              <span>{choice.name}</span>
            </label>
          ))}
        </fieldset>
      ) : (
        <h2 className="text-lg font-semibold text-slate-900">{product.name}</h2>
      )}
      <p className="text-sm text-slate-700">
        {product.validity} · {product.right}
      </p>

      <fieldset className="space-y-2">
        <legend className="font-semibold text-slate-900">{t("chooseAmount")}</legend>
        <div className="flex flex-wrap gap-2">
          {product.prices.map((option) => (
            <label
              key={option.id}
              className="flex min-h-12 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-4 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name="price"
                value={option.id}
                checked={priceChoice === option.id}
                onChange={() => setPriceChoice(option.id)}
                className="h-5 w-5 accent-brand-700"
              />
              <span className="font-semibold tabular-nums">{option.label}</span>
            </label>
          ))}
          {product.custom ? (
            <label className="flex min-h-12 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-4 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
              <input
                type="radio"
                name="price"
                value={CUSTOM}
                checked={priceChoice === CUSTOM}
                onChange={() => setPriceChoice(CUSTOM)}
                className="h-5 w-5 accent-brand-700"
              />
              <span className="font-semibold">{t("customAmount")}</span>
            </label>
          ) : null}
        </div>
        {product.custom && priceChoice === CUSTOM ? (
          <div>
            <label htmlFor={`${id}-amount`} className="block text-sm font-medium text-slate-800">
              {t("customAmountLabel", { currency })}
            </label>
            <input
              id={`${id}-amount`}
              type="number"
              inputMode="numeric"
              min={Math.ceil(product.custom.min / 10 ** digits)}
              max={Math.floor(product.custom.max / 10 ** digits)}
              step={1}
              required
              value={customText}
              onChange={(event) => setCustomText(event.target.value)}
              aria-describedby={`${id}-amount-hint`}
              className={inputClass}
            />
            <p id={`${id}-amount-hint`} className="mt-1 text-xs text-slate-600">
              {product.custom.text}
            </p>
          </div>
        ) : null}
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="font-semibold text-slate-900">{t("recipient")}</legend>
        <div>
          <label htmlFor={`${id}-name`} className="block text-sm font-medium text-slate-800">
            {t("recipientName")}
          </label>
          <input
            id={`${id}-name`}
            name="recipientName"
            required
            maxLength={200}
            autoComplete="off"
            value={recipientName}
            onChange={(event) => setRecipientName(event.target.value)}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-email`} className="block text-sm font-medium text-slate-800">
            {t("recipientEmail")}
          </label>
          <input
            id={`${id}-email`}
            name="recipientEmail"
            type="email"
            autoComplete="off"
            aria-describedby={`${id}-email-hint`}
            className={inputClass}
          />
          <p id={`${id}-email-hint`} className="mt-1 text-xs text-slate-600">
            {t("recipientEmailHint")}
          </p>
        </div>
        <div>
          <label htmlFor={`${id}-message`} className="block text-sm font-medium text-slate-800">
            {t("message")}
          </label>
          <textarea
            id={`${id}-message`}
            name="message"
            rows={3}
            maxLength={GIFT_CARD_MESSAGE_MAX}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            aria-describedby={`${id}-message-count`}
            className={inputClass}
          />
          <p
            id={`${id}-message-count`}
            className="mt-1 text-right text-xs tabular-nums text-slate-600"
            aria-live="polite"
          >
            {t("messageCount", { count: message.length, max: GIFT_CARD_MESSAGE_MAX })}
          </p>
        </div>
        <div>
          <label htmlFor={`${id}-deliverOn`} className="block text-sm font-medium text-slate-800">
            {t("deliverOn")}
          </label>
          <input
            id={`${id}-deliverOn`}
            name="deliverOn"
            type="date"
            min={today}
            max={lastDay}
            defaultValue={today}
            aria-describedby={`${id}-deliverOn-hint`}
            className={inputClass}
          />
          <p id={`${id}-deliverOn-hint`} className="mt-1 text-xs text-slate-600">
            {t("deliverOnHint")}
          </p>
        </div>
      </fieldset>

      {signInHref ? (
        <p>
          <Link href={signInHref} className={buttonClass("primary", "md", "min-h-12 w-full text-base")}>
            {t("signInToBuy")}
          </Link>
        </p>
      ) : (
        <div className="flex flex-col gap-2">
          {terms && (
            <label className="mb-2 flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 p-3 text-sm text-slate-900">
              <input type="checkbox" name="acceptTerms" required className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700" />
              <span>{terms}</span>
            </label>
          )}
          <Button type="submit" className="min-h-12 w-full text-base" disabled={pending}>
            {pending ? tBuy("paying") : tBuy("pay", { total })}
          </Button>
          <p className="text-sm text-slate-600">{payWith}</p>
          <p className="text-sm text-slate-600">{t("noVat")}</p>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
    </form>
  );
}
