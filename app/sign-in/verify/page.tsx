import type { Metadata } from "next";
import Link from "next/link";
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
    <main className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-semibold">Sign in</h1>
      {error || !token ? (
        <>
          <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-red-800">
            This sign-in link is used or expired.
          </p>
          <p className="mt-4">
            <Link className="underline" href="/sign-in">
              Request a new link
            </Link>
          </p>
        </>
      ) : (
        <form action={signInWithLink} className="mt-6">
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="rounded-md bg-slate-900 px-4 py-2 font-medium text-white">
            Sign in
          </button>
        </form>
      )}
    </main>
  );
}
