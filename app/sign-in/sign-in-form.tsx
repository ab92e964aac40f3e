"use client";

import { signIn } from "next-auth/react";
import { useLocale, useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { buttonClass } from "@/components/ui/button";
import { registerNewMember, type NewMemberField } from "./actions";

type Props = {
  accountId: string;
  studioName: string;
  /** Where the emailed link leads once signed in (a path of this site, checked on the server). */
  returnTo: string | null;
  /** The address to start with (a spent welcome link's); the person may change it. */
  email?: string;
};

type State =
  | { step: "email"; sending: boolean; error?: string }
  | {
      step: "new-here";
      email: string;
      sending: boolean;
      error?: string;
      fieldErrors?: Partial<Record<NewMemberField, string>>;
    }
  | { step: "registered"; email: string };

const INPUT = "mt-1 w-full rounded-md border border-slate-400 px-3 py-2";

/**
 * The studio's sign-in page, one form after the other. First the email: NextAuth's email provider
 * sends a member the link (and a stranger nothing, with the same answer). Then, for anyone, "New
 * here?": a name and an optional date of birth register the person (the API's attendee registration)
 * and email the link. The page never says whether the email was known (decision 0025).
 */
export function SignInForm({ accountId, studioName, returnTo, email: initialEmail }: Props) {
  const [state, setState] = useState<State>({ step: "email", sending: false });
  const t = useTranslations("SignInForm");
  const locale = useLocale(); // the link's email is written in the language of this page

  async function requestLink(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    setState({ step: "email", sending: true });
    const result = await signIn("email", {
      email,
      accountId,
      locale,
      ...(returnTo ? { returnTo } : {}),
      redirect: false,
      callbackUrl: "/",
    });
    if (!result || result.error) {
      const error = result?.error;
      const message =
        error === "RateLimited" ? t("rateLimited") : error === "EmailSignin" ? t("emailFailed") : t("failed");
      setState({ step: "email", sending: false, error: message });
    } else {
      setState({ step: "new-here", email, sending: false });
    }
  }

  async function register(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.step !== "new-here") return;
    const form = new FormData(event.currentTarget);
    setState({ ...state, sending: true, error: undefined, fieldErrors: undefined });
    const result = await registerNewMember({
      accountId,
      email: state.email,
      displayName: String(form.get("displayName") ?? ""),
      dateOfBirth: String(form.get("dateOfBirth") ?? ""),
      returnTo,
      locale,
    });
    if (result.ok) setState({ step: "registered", email: result.email });
    else setState({ ...state, sending: false, error: result.error, fieldErrors: result.fieldErrors });
  }

  if (state.step === "registered") {
    return (
      <p role="status" className="mt-6 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-emerald-900">
        {t("registered", { email: state.email })}
      </p>
    );
  }

  if (state.step === "new-here") {
    const errors = state.fieldErrors ?? {};
    return (
      <>
        {/* Said to every email alike (decision 0025): "if you have a profile", so a new person reads on. */}
        <p role="status" className="mt-6 rounded-md border border-slate-200 bg-slate-50 p-3 text-slate-800">
          {t("sent")}
        </p>
        <section aria-labelledby="new-here" className="mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <h2 id="new-here" className="text-lg font-semibold text-brand-900">
            {t("newHere", { studio: studioName })}
          </h2>
          <p className="mt-1 text-slate-700">{t("newHereIntro", { email: state.email })}</p>
          <form onSubmit={register} className="mt-4 space-y-4" noValidate>
            <label className="block">
              <span className="block font-medium">{t("name")}</span>
              <input
                name="displayName"
                required
                maxLength={200}
                autoComplete="name"
                aria-invalid={errors.displayName ? true : undefined}
                aria-describedby={errors.displayName ? "displayName-error" : undefined}
                className={INPUT}
              />
              {errors.displayName && (
                <span id="displayName-error" className="mt-1 block text-sm text-red-800">
                  {errors.displayName}
                </span>
              )}
            </label>
            <label className="block">
              <span className="block font-medium">{t("dateOfBirth")}</span>
              <span id="dateOfBirth-why" className="block text-sm text-slate-600">
                {t("dateOfBirthWhy")}
              </span>
              <input
                name="dateOfBirth"
                type="date"
                autoComplete="bday"
                min="1900-01-01"
                aria-invalid={errors.dateOfBirth ? true : undefined}
                aria-describedby={errors.dateOfBirth ? "dateOfBirth-why dateOfBirth-error" : "dateOfBirth-why"}
                className={INPUT}
              />
              {errors.dateOfBirth && (
                <span id="dateOfBirth-error" className="mt-1 block text-sm text-red-800">
                  {errors.dateOfBirth}
                </span>
              )}
            </label>
            {state.error && (
              <p role="alert" className="text-red-800">
                {state.error}
              </p>
            )}
            <button type="submit" disabled={state.sending} className={buttonClass("primary", "md", "w-full sm:w-auto")}>
              {state.sending ? t("creating") : t("create")}
            </button>
          </form>
        </section>
        <button
          type="button"
          onClick={() => setState({ step: "email", sending: false })}
          className="mt-4 min-h-11 text-sm font-medium text-brand-700 underline underline-offset-2"
        >
          {t("otherEmail")}
        </button>
      </>
    );
  }

  return (
    <form onSubmit={requestLink} className="mt-6 space-y-4">
      <label className="block">
        <span className="block font-medium">{t("email")}</span>
        <input name="email" type="email" required autoComplete="email" defaultValue={initialEmail} className={INPUT} />
      </label>
      {state.error && (
        <p role="alert" className="text-red-800">
          {state.error}
        </p>
      )}
      <button type="submit" disabled={state.sending} className={buttonClass("primary", "md", "w-full sm:w-auto")}>
        {state.sending ? t("sending") : t("submit")}
      </button>
    </form>
  );
}
