import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { LanguageBar } from "@/components/language-bar";
import { buttonClass } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { findSignInAccount } from "@/lib/auth/find-sign-in-account";
import { safeReturnTo } from "@/lib/web/return-to";
import { SignInForm } from "./sign-in-form";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("SignIn");
  return { title: t("title"), robots: { index: false } };
}

type Props = {
  searchParams: Promise<{
    account?: string;
    sent?: string;
    error?: string;
    returnTo?: string;
    /** From a spent welcome link (/sign-in/invitation): the invitation's address, and `invitation=spent`. */
    email?: string;
    invitation?: string;
  }>;
};

export const dynamic = "force-dynamic";

export default async function SignInPage({ searchParams }: Props) {
  const [{ account: slug, sent, error, returnTo, email, invitation }, t] = await Promise.all([
    searchParams,
    getTranslations("SignIn"),
  ]);
  const account = slug ? await findSignInAccount(slug) : null;
  const errorText =
    error === "RateLimited" ? t("rateLimited") : error === "EmailSignin" ? t("emailFailed") : t("failed");
  return (
    <>
      <LanguageBar>
        {account && (
          <Link href={`/${account.slug}`} className="text-sm font-medium text-brand-700 underline underline-offset-2">
            ← {account.name}
          </Link>
        )}
      </LanguageBar>
      <main className="mx-auto max-w-md px-4 pb-12 pt-6 sm:pb-16 sm:pt-10">
        <h1 className="text-2xl font-semibold text-brand-900">{account ? t("signInOrSignUp") : t("title")}</h1>
        {account && <p className="mt-2 text-slate-700">{t("intro", { studio: account.name })}</p>}
        {error && (
          <Notice tone="error" className="mt-4">
            {errorText}
          </Notice>
        )}
        {invitation === "spent" && (
          <Notice tone="info" className="mt-4">
            {t("invitationSpent")}
          </Notice>
        )}
        {sent && (
          <Notice tone="success" className="mt-4">
            {t("sent")}
          </Notice>
        )}
        {account ? (
          <SignInForm
            accountId={account.id}
            studioName={account.name}
            returnTo={safeReturnTo(returnTo)}
            email={typeof email === "string" ? email.slice(0, 320) : undefined}
          />
        ) : (
          <form method="get" action="/sign-in" className="mt-6 space-y-4">
            {slug && (
              <p role="alert" className="text-red-800">
                {t("unknownStudio", { slug })}
              </p>
            )}
            <label className="block">
              <span className="block font-medium">{t("studioAddress")}</span>
              <input
                name="account"
                required
                pattern="[a-z0-9-]+"
                autoCapitalize="none"
                className="mt-1 w-full rounded-md border border-slate-400 px-3 py-2"
              />
            </label>
            <button type="submit" className={buttonClass()}>
              {t("continue")}
            </button>
          </form>
        )}
      </main>
    </>
  );
}
