import type { Metadata } from "next";
import { findSignInAccount } from "@/lib/auth/find-sign-in-account";
import { SignInForm } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in", robots: { index: false } };

const ERRORS: Record<string, string> = {
  RateLimited: "Too many sign-in requests. Please wait 15 minutes and try again.",
  EmailSignin: "We could not send a link to that address. Check it and try again.",
};

type Props = { searchParams: Promise<{ account?: string; sent?: string; error?: string }> };

export default async function SignInPage({ searchParams }: Props) {
  const { account: slug, sent, error } = await searchParams;
  const account = slug ? await findSignInAccount(slug) : null;
  return (
    <main className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-semibold">{account ? `Sign in to ${account.name}` : "Sign in"}</h1>
      {error && (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-red-800">
          {ERRORS[error] ?? "Sign-in failed. Please try again."}
        </p>
      )}
      {sent && <p className="mt-4 rounded-md bg-emerald-50 p-3 text-emerald-900">Check your email for a sign-in link.</p>}
      {account ? (
        <SignInForm accountId={account.id} />
      ) : (
        <form method="get" action="/sign-in" className="mt-6 space-y-4">
          {slug && <p role="alert" className="text-red-800">No studio has the address “{slug}”.</p>}
          <label className="block">
            <span className="block font-medium">Studio address</span>
            <input name="account" required pattern="[a-z0-9-]+" className="mt-1 w-full rounded-md border px-3 py-2" />
          </label>
          <button type="submit" className="rounded-md bg-slate-900 px-4 py-2 font-medium text-white">
            Continue
          </button>
        </form>
      )}
    </main>
  );
}
