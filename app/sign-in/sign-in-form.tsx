"use client";

import { signIn } from "next-auth/react";
import { useLocale, useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { buttonClass } from "@/components/ui/button";

/** Email form of the web sign-in: NextAuth's email provider sends our magic link for this account. */
export function SignInForm({ accountId }: { accountId: string }) {
  const [state, setState] = useState<{ status: "idle" | "sending" | "sent" } | { status: "error"; message: string }>({
    status: "idle",
  });
  const t = useTranslations("SignInForm");
  const locale = useLocale(); // the link's email is written in the language of this page

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "");
    setState({ status: "sending" });
    const result = await signIn("email", { email, accountId, locale, redirect: false, callbackUrl: "/" });
    if (!result || result.error) {
      const error = result?.error;
      const message =
        error === "RateLimited" ? t("rateLimited") : error === "EmailSignin" ? t("emailFailed") : t("failed");
      setState({ status: "error", message });
    } else {
      setState({ status: "sent" });
    }
  }

  if (state.status === "sent") {
    return (
      <p role="status" className="mt-6 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-emerald-900">
        {t("sent")}
      </p>
    );
  }
  return (
    <form onSubmit={submit} className="mt-6 space-y-4">
      <label className="block">
        <span className="block font-medium">{t("email")}</span>
        <input
          name="email"
          type="email"
          required
          autoComplete="email"
          className="mt-1 w-full rounded-md border border-slate-400 px-3 py-2"
        />
      </label>
      {state.status === "error" && (
        <p role="alert" className="text-red-800">
          {state.message}
        </p>
      )}
      <button
        type="submit"
        disabled={state.status === "sending"}
        className={buttonClass("primary", "md", "w-full sm:w-auto")}
      >
        {state.status === "sending" ? t("sending") : t("submit")}
      </button>
    </form>
  );
}
