"use client";

import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { buttonClass } from "@/components/ui/button";

const MESSAGES: Record<string, string> = {
  RateLimited: "Too many sign-in requests. Please wait 15 minutes and try again.",
  EmailSignin: "We could not send a link to that address. Check it and try again.",
};

/** Email form of the web sign-in: NextAuth's email provider sends our magic link for this account. */
export function SignInForm({ accountId }: { accountId: string }) {
  const [state, setState] = useState<{ status: "idle" | "sending" | "sent" } | { status: "error"; message: string }>({
    status: "idle",
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "");
    setState({ status: "sending" });
    const result = await signIn("email", { email, accountId, redirect: false, callbackUrl: "/" });
    if (!result || result.error) {
      setState({ status: "error", message: MESSAGES[result?.error ?? ""] ?? "Sign-in failed. Please try again." });
    } else {
      setState({ status: "sent" });
    }
  }

  if (state.status === "sent") {
    return (
      <p role="status" className="mt-6 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-emerald-900">
        Check your email. The sign-in link works once and expires in 15 minutes.
      </p>
    );
  }
  return (
    <form onSubmit={submit} className="mt-6 space-y-4">
      <label className="block">
        <span className="block font-medium">Email</span>
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
        {state.status === "sending" ? "Sending…" : "Email me a sign-in link"}
      </button>
    </form>
  );
}
