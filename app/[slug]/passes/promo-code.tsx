"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { Button } from "@/components/ui/button";

/**
 * The promo code of an order summary: a form that reloads the summary with the code (no script
 * needed), so the price, the discount and the total the member sees are the server's quote.
 * `outcome` says whether the code was taken off, or why not, in the page's language.
 */
export function PromoCodeForm({
  action,
  code,
  hidden,
  outcome,
}: {
  action: string;
  code: string;
  hidden: Record<string, string>;
  outcome: { applied: boolean; text: string } | null;
}) {
  const id = useId();
  const t = useTranslations("PromoCodeField");
  return (
    <form method="get" action={action} className="mt-6 rounded-lg border border-slate-200 p-4">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id} className="block font-medium text-slate-900">
        {t("question")}
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id={id}
          name="promo"
          defaultValue={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          placeholder={t("label")}
          className="block min-h-11 w-full min-w-0 flex-1 rounded-md border border-slate-400 px-3 py-2 uppercase"
          aria-describedby={`${id}-outcome`}
        />
        <Button type="submit" variant="secondary" className="min-h-11 shrink-0">
          {t("apply")}
        </Button>
      </div>
      <p
        id={`${id}-outcome`}
        role={outcome ? "status" : undefined}
        className={`mt-2 text-sm ${outcome ? (outcome.applied ? "text-emerald-800" : "text-amber-900") : "text-slate-600"}`}
      >
        {outcome ? outcome.text : t("hint")}
      </p>
    </form>
  );
}
