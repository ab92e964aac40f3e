import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { TermsFooterLink } from "@/components/terms/terms-footer-link";
import { withdrawalPath } from "@/lib/withdrawals/withdrawal-path";

/** The foot of every page of the studio's site: the withdrawal function, there for the whole period (FAL). */
export async function StudioFooter({ slug }: { slug: string }) {
  const [t, locale] = await Promise.all([getTranslations("WithdrawalPages"), getLocale()]);
  return (
    <footer className="border-t border-brand-100 bg-slate-50">
      <div className="mx-auto flex max-w-3xl flex-wrap gap-x-6 gap-y-2 px-4 py-6 text-sm lg:max-w-5xl">
        <Link href={withdrawalPath(slug, locale)} className="font-medium text-brand-700 underline underline-offset-2">
          {t("footerLink")}
        </Link>
        <TermsFooterLink slug={slug} className="font-medium text-brand-700 underline underline-offset-2" />
      </div>
    </footer>
  );
}
