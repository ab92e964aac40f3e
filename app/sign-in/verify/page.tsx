import type { Metadata } from "next";
import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { signInWithLink } from "./actions";

// The token is in this page's URL: keep it out of Referer headers and search engines.
export const metadata: Metadata = { title: "Sign in", referrer: "no-referrer", robots: { index: false } };

type Props = { searchParams: Promise<{ token?: string; error?: string }> };

/**
 * Where the emailed link leads. Opening it changes nothing (mail scanners prefetch links); the link
 * is consumed only when the person presses the button, which posts to a server action.
 */
export default async function VerifySignInPage({ searchParams }: Props) {
  const { token, error } = await searchParams;
  return (
    <main className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-2xl font-semibold text-brand-900">Sign in</h1>
      {error || !token ? (
        <>
          <Notice tone="error" className="mt-4">
            This sign-in link is used or expired.
          </Notice>
          <p className="mt-4">
            <Link className="font-medium text-brand-700 underline" href="/sign-in">
              Request a new link
            </Link>
          </p>
        </>
      ) : (
        <form action={signInWithLink} className="mt-4">
          <p className="text-slate-700">Press the button to finish signing in on this device.</p>
          <input type="hidden" name="token" value={token} />
          <button type="submit" className={buttonClass("primary", "md", "mt-4 w-full sm:w-auto")}>
            Sign in
          </button>
        </form>
      )}
    </main>
  );
}
