import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { LanguageBar } from "@/components/language-bar";
import { buttonClass } from "@/components/ui/button";
import { looksLikeSlug } from "@/lib/auth/account-slug";
import { Notice } from "@/components/ui/notice";
import { safeReturnTo } from "@/lib/web/return-to";
import { signInWithLink } from "./actions";

// The token is in this page's URL: keep it out of Referer headers and search engines.
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("VerifySignIn");
  return { title: t("title"), referrer: "no-referrer", robots: { index: false } };
}

type Props = { searchParams: Promise<{ token?: string; error?: string; account?: string; returnTo?: string }> };

/** The studio the link is for (it names its slug), kept through an expired link's answer. */
function studioQuery(account: string | undefined): string {
  return looksLikeSlug(account) ? `?${new URLSearchParams({ account })}` : "";
}

/**
 * Where the emailed link leads. Opening it changes nothing (mail scanners prefetch links); the link
 * is consumed only when the person presses the button, which posts to a server action.
 */
export default async function VerifySignInPage({ searchParams }: Props) {
  const [{ token, error, account, returnTo }, t] = await Promise.all([searchParams, getTranslations("VerifySignIn")]);
  const back = safeReturnTo(returnTo);
  return (
    <>
      <LanguageBar />
      <main className="mx-auto max-w-md px-4 pb-12 pt-6 sm:pb-16 sm:pt-10">
        <h1 className="text-2xl font-semibold text-brand-900">{t("title")}</h1>
        {error || !token ? (
          <>
            <Notice tone="error" className="mt-4">
              {t("expired")}
            </Notice>
            <p className="mt-4">
              <Link className="font-medium text-brand-700 underline" href={`/sign-in${studioQuery(account)}`}>
                {t("requestNew")}
              </Link>
            </p>
          </>
        ) : (
          <form action={signInWithLink} className="mt-4">
            <p className="text-slate-700">{t("finish")}</p>
            <input type="hidden" name="token" value={token} />
            {back && <input type="hidden" name="returnTo" value={back} />}
            {looksLikeSlug(account) && <input type="hidden" name="account" value={account} />}
            <button type="submit" className={buttonClass("primary", "md", "mt-4 w-full sm:w-auto")}>
              {t("signIn")}
            </button>
          </form>
        )}
      </main>
    </>
  );
}
