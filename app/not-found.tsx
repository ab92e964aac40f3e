import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("NotFound");
  return { title: t("title"), robots: { index: false } };
}

// Next's built-in 404 styles itself with inline style attributes, which the pages' policy refuses.
export default async function NotFound() {
  const t = await getTranslations("NotFound");
  return (
    <main className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-2xl font-semibold text-brand-900">{t("title")}</h1>
      <p className="mt-4 text-slate-700">{t("body")}</p>
      <p className="mt-4">
        <Link className="font-medium text-brand-700 underline" href="/">
          {t("home")}
        </Link>
      </p>
    </main>
  );
}
