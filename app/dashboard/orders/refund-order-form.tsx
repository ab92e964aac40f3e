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
 * Refunds one order, or a part of it, after asking: "Refund…" opens a modal dialog that names the
 * buyer, the product and what is left to refund, says what follows, and takes an amount in kroner
 * (blank: all that is left), for a class pass the classes the refund takes off it, and an optional
 * reason; Escape or "Keep the order" closes it.
 * Once refunded the order may leave the filtered list, so the page says so (`?refunded=`) instead of the row.
 */
export function RefundOrderForm({
  orderId,
  buyer,
  product,
  amount,
  left,
  classPass,
  date,
}: {
  orderId: string;
  buyer: string;
  product: string;
  amount: string;
  /** What is left to refund (all of `amount` before a first refund). */
  left: string;
  classPass: boolean;
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
          {left !== amount ? <p className="text-slate-800">{t("left", { left })}</p> : null}
          <p className="rounded-md bg-red-50 p-3 text-slate-800">{t("consequences")}</p>
          <div>
            <label htmlFor={`${id}-amount`} className="block font-medium text-slate-800">
              {t("amount")}
            </label>
            <input
              id={`${id}-amount`}
              name="amount"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              placeholder={left}
              className={inputClass}
              aria-invalid={state.fieldErrors?.amount ? true : undefined}
              aria-describedby={state.fieldErrors?.amount ? `${id}-amount-error` : `${id}-amount-hint`}
            />
            <p id={`${id}-amount-hint`} className="mt-1 text-slate-600">
              {t("amountHint", { left })}
            </p>
            <FieldError id={`${id}-amount-error`} error={state.fieldErrors?.amount} />
          </div>
          {classPass ? (
            <div>
              <label htmlFor={`${id}-classes`} className="block font-medium text-slate-800">
                {t("classes")}
              </label>
              <input
                id={`${id}-classes`}
                name="classes"
                type="number"
                min={1}
                step={1}
                inputMode="numeric"
                className={inputClass}
                aria-invalid={state.fieldErrors?.classes ? true : undefined}
                aria-describedby={state.fieldErrors?.classes ? `${id}-classes-error` : `${id}-classes-hint`}
              />
              <p id={`${id}-classes-hint`} className="mt-1 text-slate-600">
                {t("classesHint")}
              </p>
              <FieldError id={`${id}-classes-error`} error={state.fieldErrors?.classes} />
            </div>
          ) : null}
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
              {pending ? t("refunding") : t("confirm")}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
