"use client";

import { useTranslations } from "next-intl";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useId, useRef, useState, useTransition, type FormEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import { inputClass } from "@/components/forms/field";
import { FieldError } from "@/components/dashboard/state-form";
import { IDLE, type FormState } from "@/lib/web/form-state";
import { refundOrderAction } from "./actions";

/**
 * Refunds one order after asking: "Refund…" opens a modal dialog that names the buyer, the product and
 * the amount, says what follows, and takes an optional reason; Escape or "Keep the order" closes it.
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
  const dialog = useRef<HTMLDialogElement>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    startTransition(async () => {
      try {
        const result = await refundOrderAction(formData);
        setState(result);
        if (!result.ok) return;
        dialog.current?.close();
        const next = new URLSearchParams(search);
        next.set("refunded", orderId);
        router.replace(`${pathname}?${next}`, { scroll: false });
      } catch {
        setState({ ok: false, error: forms("requestFailed") });
      }
    });
  }

  return (
    <>
      <button
        type="button"
        onClick={() => dialog.current?.showModal()}
        className="inline-flex min-h-11 cursor-pointer items-center rounded-md px-2 text-sm font-medium text-slate-700 underline-offset-2 hover:bg-slate-100 hover:underline"
      >
        {t("refund")}
        <span className="sr-only"> {t("of", { buyer, product })}</span>
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        className="m-auto w-[min(30rem,calc(100vw-2rem))] rounded-lg p-5 text-sm text-slate-900 shadow-xl backdrop:bg-slate-900/50"
      >
        <form onSubmit={onSubmit} noValidate aria-busy={pending} className="space-y-3">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {t("title")}
          </h2>
          <input type="hidden" name="orderId" value={orderId} />
          <p className="text-base text-slate-900">{t("summary", { amount, buyer, product, date })}</p>
          <p className="rounded-md bg-red-50 p-3 text-slate-800">{t("consequences")}</p>
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
          <span aria-live="polite" className="block empty:hidden">
            {state.error ? (
              <span role="alert" className="text-red-700">
                {state.error}
              </span>
            ) : null}
          </span>
          <div className="flex flex-wrap justify-end gap-2 pt-2">
            <button
              type="button"
              autoFocus
              onClick={() => dialog.current?.close()}
              className={buttonClass("secondary", "form")}
            >
              {t("keep")}
            </button>
            <button type="submit" className={buttonClass("dangerSolid", "form")} disabled={pending}>
              {pending ? t("refunding") : t("confirm", { amount })}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
