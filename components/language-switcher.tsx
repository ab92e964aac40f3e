import { getLocale, getTranslations } from "next-intl/server";
import { chooseLanguage } from "@/lib/web/choose-language";
import { LANGUAGE_NAMES, LOCALES } from "@/lib/i18n/locales";

/** Dansk · English: a form per language, so it works before (and without) JavaScript. */
export async function LanguageSwitcher({ className = "" }: { className?: string }) {
  const [current, t] = await Promise.all([getLocale(), getTranslations("LanguageSwitcher")]);
  return (
    <form action={chooseLanguage} className={`flex items-center gap-1 text-sm ${className}`} aria-label={t("label")}>
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="submit"
          name="locale"
          value={locale}
          lang={locale}
          aria-pressed={locale === current}
          className={
            locale === current
              ? "rounded px-2 py-1 font-semibold text-slate-900 underline underline-offset-4"
              : "rounded px-2 py-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          }
        >
          {LANGUAGE_NAMES[locale]}
        </button>
      ))}
    </form>
  );
}
