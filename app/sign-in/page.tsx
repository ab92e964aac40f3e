import type { Metadata } from "next";
import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { findSignInAccount } from "@/lib/auth/find-sign-in-account";
import { SignInForm } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in", robots: { index: false } };

const ERRORS: Record<string, string> = {
  RateLimited: "Too many sign-in requests. Please wait 15 minutes and try again.",
  EmailSignin: "We could not send a link to that address. Check it and try again.",
};

type Props = { searchParams: Promise<{ account?: string; sent?: string; error?: string }> };

export const dynamic = "force-dynamic";

export default async function SignInPage({ searchParams }: Props) {
  const { account: slug, sent, error } = await searchParams;
  const account = slug ? await findSignInAccount(slug) : null;
  return (
    <main className="mx-auto max-w-md px-4 py-12 sm:py-16">
      {account && (
        <p className="mb-6">
          <Link href={`/${account.slug}`} className="text-sm font-medium text-brand-700 underline underline-offset-2">
            ← {account.name}
          </Link>
        </p>
      )}
      <h1 className="text-2xl font-semibold text-brand-900">{account ? `Sign in to ${account.name}` : "Sign in"}</h1>
      {account && <p className="mt-2 text-slate-700">We email you a link that signs you in. No password needed.</p>}
      {error && (
        <Notice tone="error" className="mt-4">
          {ERRORS[error] ?? "Sign-in failed. Please try again."}
        </Notice>
      )}
      {sent && (
        <Notice tone="success" className="mt-4">
          Check your email for a sign-in link.
        </Notice>
      )}
      {account ? (
        <SignInForm accountId={account.id} />
      ) : (
        <form method="get" action="/sign-in" className="mt-6 space-y-4">
          {slug && (
            <p role="alert" className="text-red-800">
              No studio has the address “{slug}”.
            </p>
          )}
          <label className="block">
            <span className="block font-medium">Studio address</span>
            <input
              name="account"
              required
              pattern="[a-z0-9-]+"
              autoCapitalize="none"
              className="mt-1 w-full rounded-md border border-slate-400 px-3 py-2"
            />
          </label>
          <button type="submit" className={buttonClass()}>
            Continue
          </button>
        </form>
      )}
    </main>
  );
}
