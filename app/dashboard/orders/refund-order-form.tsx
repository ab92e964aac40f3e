"use client";

import { useTranslations } from "next-intl";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useId, useState, useTransition, type FormEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import { inputClass } from "@/components/forms/field";
import { FieldError } from "@/components/dashboard/state-form";
import { IDLE, type FormState } from "@/lib/web/form-state";
import { refundOrderAction } from "./actions";

/**
 * Refunds one order behind a disclosure (as cancelling a booking on a class's roster): "Refund…" opens
 * a panel that names the order, the buyer and the amount, says what follows, and takes an optional reason.
 * Once refunded the order may leave the filtered list, so the page says so (`?refunded=`) instead of the row.
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
  const forms = useTranslations("Forms");
  const id = useId();
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const [state, setState] = useState<FormState>(IDLE);
  const [pending, startTransition] = useTransition();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    startTransition(async () => {
      try {
        const result = await refundOrderAction(formData);
        setState(result);
        if (!result.ok) return;
        const next = new URLSearchParams(search);
        next.set("refunded", orderId);
        router.replace(`${pathname}?${next}`, { scroll: false });
      } catch {
        setState({ ok: false, error: forms("requestFailed") });
      }
    });
  }

  return (
    <details className="text-sm">
      <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md px-2 font-medium text-slate-700 underline-offset-2 hover:bg-slate-100 hover:underline">
        {t("refund")}
        <span className="sr-only"> {t("of", { buyer, product })}</span>
      </summary>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-busy={pending}
        className="mt-2 max-w-md space-y-3 rounded-md border border-red-200 bg-red-50 p-3"
      >
        <input type="hidden" name="orderId" value={orderId} />
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
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={buttonClass("danger", "form")} disabled={pending}>
            {pending ? t("refunding") : t("confirm", { amount })}
          </button>
          <span aria-live="polite" className="empty:hidden">
            {state.error ? (
              <span role="alert" className="text-red-700">
                {state.error}
              </span>
            ) : null}
          </span>
        </div>
      </form>
    </details>
  );
}
