"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { inputClass } from "@/components/forms/field";
import { FieldError, StateForm } from "@/components/dashboard/state-form";
import { refundOrderAction } from "./actions";

/**
 * Refunds one order behind a disclosure (as cancelling a booking on a class's roster): "Refund…" opens
 * a panel that names the order, the buyer and the amount, says what follows, and takes an optional reason.
 */
export function RefundOrderForm({
  orderId,
  buyer,
  product,
  amount,
  date,
}: {
  orderId: string;
  buyer: string;
  product: string;
  amount: string;
  date: string;
}) {
  const t = useTranslations("RefundOrderForm");
  const id = useId();
  return (
    <details className="text-sm">
      <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md px-2 font-medium text-slate-700 underline-offset-2 hover:bg-slate-100 hover:underline">
        {t("refund")}
        <span className="sr-only"> {t("of", { buyer, product })}</span>
      </summary>
      <StateForm
        action={refundOrderAction}
        hidden={{ orderId }}
        submitLabel={t("confirm", { amount })}
        pendingLabel={t("refunding")}
        variant="danger"
        className="mt-2 max-w-md space-y-3 rounded-md border border-red-200 bg-red-50 p-3"
      >
        {(state) => (
          <>
            <p className="text-slate-900">{t("summary", { amount, buyer, product, date })}</p>
            <p className="text-slate-700">{t("consequences")}</p>
            <div>
              <label htmlFor={`${id}-reason`} className="block font-medium text-slate-800">
                {t("reason")}
              </label>
              <input
                id={`${id}-reason`}
                name="reason"
                type="text"
                maxLength={500}
                autoComplete="off"
                className={inputClass}
                aria-invalid={state.fieldErrors?.reason ? true : undefined}
                aria-describedby={state.fieldErrors?.reason ? `${id}-reason-error` : `${id}-reason-hint`}
              />
              <p id={`${id}-reason-hint`} className="mt-1 text-slate-600">
                {t("reasonHint")}
              </p>
              <FieldError id={`${id}-reason-error`} error={state.fieldErrors?.reason} />
            </div>
          </>
        )}
      </StateForm>
    </details>
  );
}
