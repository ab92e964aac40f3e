"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useActionState, useEffect, useRef } from "react";
import { signUpAction, type SignUpField, type SignUpState } from "./actions";
import { buttonClass } from "@/components/ui/button";

type FieldSpec = { name: SignUpField; label: string; type: string; autoComplete: string; hint?: string };

export function SignUpForm() {
  const [state, action, pending] = useActionState<SignUpState, FormData>(signUpAction, { status: "idle" });
  const heading = useRef<HTMLHeadingElement>(null);
  const t = useTranslations("SignUpForm");
  const fields: FieldSpec[] = [
    {
      name: "accountName",
      label: t("studioName"),
      type: "text",
      autoComplete: "organization",
      hint: t("studioNameHint"),
    },
    { name: "email", label: t("email"), type: "email", autoComplete: "email", hint: t("emailHint") },
    { name: "displayName", label: t("yourName"), type: "text", autoComplete: "name" },
  ];
  useEffect(() => {
    if (state.status === "sent") heading.current?.focus();
  }, [state.status]);

  if (state.status === "sent") {
    return (
      <>
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold text-brand-900">
          {t("sentTitle")}
        </h1>
        <p className="mt-4 text-slate-700">
          {t.rich("sentBody", {
            studio: state.accountName,
            email: state.email,
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
        {state.signInUrl && (
          <div className="mt-6 rounded-md bg-brand-50 p-4">
            <p className="text-slate-800">{t("demoLink")}</p>
            <p className="mt-3">
              <Link className={buttonClass()} href={state.signInUrl}>
                {t("openLink")}
              </Link>
            </p>
          </div>
        )}
      </>
    );
  }

  const invalid = state.status === "invalid" ? state : undefined;
  return (
    <>
      <h1 className="text-2xl font-semibold text-brand-900">{t("title")}</h1>
      <p className="mt-2 text-slate-700">{t("intro")}</p>
      {invalid && (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-red-800">
          {invalid.message}
        </p>
      )}
      <form action={action} className="mt-6 space-y-4" noValidate>
        {fields.map((field) => {
          const error = invalid?.fieldErrors[field.name];
          const described = [field.hint && `${field.name}-hint`, error && `${field.name}-error`]
            .filter(Boolean)
            .join(" ");
          return (
            <div key={field.name}>
              <label htmlFor={field.name} className="block font-medium">
                {field.label}
              </label>
              {field.hint && (
                <p id={`${field.name}-hint`} className="text-sm text-slate-600">
                  {field.hint}
                </p>
              )}
              <input
                id={field.name}
                name={field.name}
                type={field.type}
                required
                maxLength={field.name === "email" ? 254 : 100}
                autoComplete={field.autoComplete}
                defaultValue={invalid?.values[field.name]}
                aria-invalid={error ? true : undefined}
                aria-describedby={described || undefined}
                className="mt-1 w-full rounded-md border border-slate-400 px-3 py-2"
              />
              {error && (
                <p id={`${field.name}-error`} className="mt-1 text-sm text-red-800">
                  {error}
                </p>
              )}
            </div>
          );
        })}
        <button type="submit" disabled={pending} className={buttonClass()}>
          {pending ? t("creating") : t("create")}
        </button>
      </form>
      <p className="mt-8 text-sm text-slate-700">
        {t("haveStudio")}{" "}
        <Link className="font-medium text-brand-700 underline" href="/sign-in">
          {t("signIn")}
        </Link>
      </p>
    </>
  );
}
