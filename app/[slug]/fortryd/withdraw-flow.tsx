"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useActionState, useState, useTransition, type FormEvent } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import type { WithdrawalDoneWords, WithdrawalPreviewWords } from "@/lib/withdrawals/describe-withdrawal";
import type { StudioState } from "@/lib/web/form-state";

/** One of the member's orders they may withdraw from, in words. */
export type WithdrawableChoice = { id: string; label: string; until: string };

export type WithdrawState = StudioState & {
  step?: "confirm" | "done";
  preview?: WithdrawalPreviewWords;
  done?: WithdrawalDoneWords;
};

type Fields = { orderId: string; name: string; email: string; receiptNumber: string };

const INPUT =
  "mt-1 block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-700";

/**
 * The withdrawal's three steps on one page: which purchase (the member's choice, or the buyer's name,
 * email and receipt number), "Confirm withdrawal" with what it will do, and the acknowledgment. A
 * refusal shows its words above the first step again, with what was typed kept.
 */
export function WithdrawFlow({
  action,
  choices,
  chosen,
  studioHref,
  signInHref,
}: {
  action: (sent: FormData) => Promise<WithdrawState>;
  /** The signed-in member's orders with an open withdrawal; null for anyone else. */
  choices: WithdrawableChoice[] | null;
  chosen?: string;
  studioHref: string;
  signInHref: string;
}) {
  const t = useTranslations("WithdrawForm");
  const [state, dispatch] = useActionState((_: WithdrawState, sent: FormData) => action(sent), { ok: false });
  const [pending, startTransition] = useTransition();
  const [fields, setFields] = useState<Fields>({ orderId: chosen ?? "", name: "", email: "", receiptNumber: "" });
  const [editing, setEditing] = useState(false);
  const send = (step: "preview" | "confirm") => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const sent = new FormData();
    sent.set("step", step);
    for (const [name, value] of Object.entries(fields)) if (value.trim() !== "") sent.set(name, value);
    setEditing(false);
    startTransition(() => dispatch(sent));
  };
  const set = (name: keyof Fields) => (value: string) => setFields((before) => ({ ...before, [name]: value }));

  if (state.ok && state.step === "done" && state.done) return <Acknowledgment done={state.done} studioHref={studioHref} />;
  if (state.ok && state.step === "confirm" && state.preview && !editing)
    return (
      <section aria-labelledby="confirm-heading" className="mt-6">
        <h2 id="confirm-heading" className="text-xl font-semibold text-brand-900">
          {t("confirmHeading")}
        </h2>
        <dl className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white">
          <Row term={t("purchase")} value={state.preview.product} />
          <Row term={t("paid")} value={state.preview.paid} />
          <Row term={t("used")} value={state.preview.used} />
          <Row term={t("refund")} value={state.preview.refund} strong />
        </dl>
        <p className="mt-3 text-sm text-slate-700">{state.preview.basis}</p>
        <p className="mt-1 text-sm text-slate-700">{t("whatHappens", { until: state.preview.until })}</p>
        <form onSubmit={send("confirm")} className="mt-6 flex flex-col gap-3">
          <Button type="submit" className="min-h-12 w-full text-base" disabled={pending}>
            {pending ? t("confirming") : t("confirm")}
          </Button>
          <Button type="button" variant="ghost" onClick={() => setEditing(true)} disabled={pending}>
            {t("back")}
          </Button>
        </form>
      </section>
    );

  const error = state.ok ? undefined : state.error;
  const fieldError = (name: string) => (state.ok ? undefined : state.fieldErrors?.[name]);
  return (
    <form onSubmit={send("preview")} className="mt-6 flex flex-col gap-4" noValidate>
      {error && <Notice tone="error">{error}</Notice>}
      {choices === null ? (
        <>
          <p className="text-sm text-slate-700">
            {t("buyerIntro")}{" "}
            <Link href={signInHref} className="font-medium text-brand-700 underline underline-offset-2">
              {t("signInInstead")}
            </Link>
          </p>
          <TextField label={t("name")} name="name" autoComplete="name" value={fields.name} onChange={set("name")} error={fieldError("name")} />
          <TextField
            label={t("email")}
            name="email"
            type="email"
            autoComplete="email"
            value={fields.email}
            onChange={set("email")}
            error={fieldError("email")}
          />
          <TextField
            label={t("receiptNumber")}
            hint={t("receiptNumberHint")}
            name="receiptNumber"
            inputMode="numeric"
            value={fields.receiptNumber}
            onChange={set("receiptNumber")}
            error={fieldError("receiptNumber")}
          />
        </>
      ) : choices.length === 0 ? (
        <p className="rounded-md border border-slate-300 bg-slate-50 p-4 text-slate-800">
          {t("nothingToWithdraw")}{" "}
          <Link href={studioHref} className="font-medium text-brand-700 underline underline-offset-2">
            {t("toStudio")}
          </Link>
        </p>
      ) : (
        <fieldset>
          <legend className="font-medium text-slate-900">{t("whichPurchase")}</legend>
          <div className="mt-2 flex flex-col gap-2">
            {choices.map((choice) => (
              <label
                key={choice.id}
                className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-300 bg-white p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="orderId"
                  value={choice.id}
                  checked={fields.orderId === choice.id}
                  onChange={() => set("orderId")(choice.id)}
                  className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
                />
                <span>
                  <span className="block font-medium text-slate-900">{choice.label}</span>
                  <span className="block text-sm text-slate-700">{choice.until}</span>
                </span>
              </label>
            ))}
          </div>
          {fieldError("orderId") && <p className="mt-1 text-sm text-red-700">{fieldError("orderId")}</p>}
        </fieldset>
      )}
      {choices?.length === 0 ? null : (
        <Button type="submit" className="min-h-12 w-full text-base" disabled={pending}>
          {pending ? t("checking") : t("continue")}
        </Button>
      )}
    </form>
  );
}

function Row({ term, value, strong = false }: { term: string; value: string; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 px-4 py-3">
      <dt className="text-slate-700">{term}</dt>
      <dd className={`text-right tabular-nums ${strong ? "text-lg font-semibold text-brand-900" : "text-slate-900"}`}>{value}</dd>
    </div>
  );
}

function TextField({
  label,
  hint,
  name,
  value,
  onChange,
  error,
  type = "text",
  autoComplete,
  inputMode,
}: {
  label: string;
  hint?: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: "text" | "email";
  autoComplete?: string;
  inputMode?: "numeric";
}) {
  const described = [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={`withdraw-${name}`} className="block font-medium text-slate-900">
        {label}
      </label>
      {hint && (
        <p id={`${name}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      <input
        id={`withdraw-${name}`}
        name={name}
        type={type}
        required
        autoComplete={autoComplete}
        inputMode={inputMode}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={INPUT}
      />
      {error && (
        <p id={`${name}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function Acknowledgment({ done, studioHref }: { done: WithdrawalDoneWords; studioHref: string }) {
  const t = useTranslations("WithdrawForm");
  return (
    <section aria-labelledby="done-heading" className="mt-6">
      <Notice tone="success">
        <h2 id="done-heading" className="text-lg font-semibold">
          {t("doneHeading")}
        </h2>
        <p className="mt-1">{t("receivedAt", { when: done.receivedAt })}</p>
      </Notice>
      <dl className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white">
        <Row term={t("purchase")} value={done.product} />
        <Row term={t("refund")} value={done.refund} strong />
      </dl>
      <p className="mt-3 text-sm text-slate-700">{done.basis}</p>
      <p className="mt-3 text-slate-800">
        {done.pending ? t("refundPending", { amount: done.refund }) : t("refunded", { amount: done.refund })}
      </p>
      <p className="mt-1 text-slate-800">{t("emailed", { email: done.email })}</p>
      <Link href={studioHref} className={buttonClass("secondary", "md", "mt-6 w-full")}>
        {t("toStudio")}
      </Link>
    </section>
  );
}
