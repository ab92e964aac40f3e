"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Field, type FieldSpec } from "@/components/forms/field";
import { GiftCardFace } from "@/components/gift-cards/gift-card-face";
import { formatMoney } from "@/lib/format/money";
import { GIFT_CARD_VALIDITY_MONTHS } from "@/lib/schemas/product";
import { toMinorUnits } from "./money";
import type { GiftCardStudio, ProductFormValues } from "./product-form";

/** What the preview shows before an amount is typed: 500 kr. */
const PREVIEW_AMOUNT = 50000;

/**
 * A gift card product's own fields in the product form: how long its cards are valid (12–36 months,
 * 36 by default; shorter must be stated to the buyer, which the studio's pages and the card do), an
 * amount the buyer chooses within a range, and its look, with a live card.
 */
export function GiftCardFields({
  values,
  errors,
  idPrefix,
  studio,
  previewAmount,
  currency,
}: {
  values: ProductFormValues;
  errors: Record<string, string>;
  idPrefix: string;
  studio: GiftCardStudio;
  /** The first fixed amount as typed, in major units. */
  previewAmount: string;
  currency: string;
}) {
  const t = useTranslations("GiftCardProductForm");
  const [design, setDesign] = useState<"logo" | "colour">(values.giftCardDesign === "colour" ? "colour" : "logo");
  const [custom, setCustom] = useState(values.customAmount);
  const field = (spec: FieldSpec) => (
    <Field key={spec.name} spec={spec} idPrefix={idPrefix} error={errors[spec.name]} />
  );
  const language = useLocale();
  const typed = toMinorUnits(previewAmount, currency, language);
  return (
    <div className="space-y-4 rounded-lg border border-slate-300 p-4" data-testid="gift-card-fields">
      {field({
        kind: "number",
        name: "validityMonths",
        label: t("validityMonths"),
        defaultValue: values.validityMonths || String(GIFT_CARD_VALIDITY_MONTHS.default),
        min: GIFT_CARD_VALIDITY_MONTHS.min,
        max: GIFT_CARD_VALIDITY_MONTHS.max,
        hint: t("validityMonthsHint"),
      })}
      <div className="space-y-3">
        <div className="flex items-center gap-2">
          <input
            id={`${idPrefix}-customAmount`}
            name="customAmount"
            type="checkbox"
            checked={custom}
            onChange={(event) => setCustom(event.target.checked)}
            aria-describedby={`${idPrefix}-customAmount-hint`}
            className="size-4"
          />
          <label htmlFor={`${idPrefix}-customAmount`} className="text-sm font-medium text-slate-800">
            {t("customAmount")}
          </label>
        </div>
        <p id={`${idPrefix}-customAmount-hint`} className="text-xs text-slate-600">
          {t("customAmountHint")}
        </p>
        {custom ? (
          <div className="grid gap-3 sm:grid-cols-2">
            {field({
              kind: "text",
              name: "customAmountMin",
              label: t("customAmountMin"),
              defaultValue: values.customAmountMin,
              required: true,
            })}
            {field({
              kind: "text",
              name: "customAmountMax",
              label: t("customAmountMax"),
              defaultValue: values.customAmountMax,
              required: true,
            })}
          </div>
        ) : null}
        {errors.customAmount ? <p className="text-sm text-red-700">{errors.customAmount}</p> : null}
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{t("design")}</legend>
        {(["logo", "colour"] as const).map((option) => (
          <label key={option} className="flex cursor-pointer items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name="giftCardDesign"
              value={option}
              checked={design === option}
              onChange={() => setDesign(option)}
              className="size-4"
            />
            {option === "logo" ? t("designLogo") : t("designColour")}
          </label>
        ))}
        <p className="text-xs text-slate-600">{t("designHint")}</p>
      </fieldset>
      <div>
        <p className="mb-2 text-sm font-medium text-slate-800">{t("preview")}</p>
        <GiftCardFace
          studio={studio}
          design={design}
          amount={formatMoney(typed.ok ? typed.minor : PREVIEW_AMOUNT, currency, studio.locale)}
          recipientName={t("previewName")}
          last4="ABCD"
        />
      </div>
    </div>
  );
}
