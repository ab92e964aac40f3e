"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

/**
 * What a page shows when it fails on the server or in the browser: in the visitor's language, with
 * a way to try again and a way home (Next's own error page is English and styled inline, which the
 * pages' Content-Security-Policy refuses). The error's text is not shown: it may hold internals.
 */
export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("ErrorPage");
  return (
    <main className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-2xl font-semibold text-brand-900">{t("title")}</h1>
      <p className="mt-4 text-slate-700">{t("body")}</p>
      <div className="mt-6 flex flex-wrap items-center gap-4">
        <Button onClick={reset}>{t("tryAgain")}</Button>
        <Link className="font-medium text-brand-700 underline" href="/">
          {t("home")}
        </Link>
      </div>
    </main>
  );
}
