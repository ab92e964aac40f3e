import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button";

/** The links of a paged list on the person page: back to its newest page, on to older ones. */
export type ListPages = { newest: string | null; older: string | null };

/** "Newest" and "Show older" under a list of the person page, when there is a page to go to. */
export async function ListPager({ pages, label }: { pages: ListPages; label: string }) {
  if (!pages.newest && !pages.older) return null;
  const t = await getTranslations("PersonPage");
  return (
    <nav aria-label={label} className="mt-3 flex justify-between gap-3 text-sm">
      {pages.newest ? (
        <Link href={pages.newest} className={buttonClass("secondary", "sm")}>
          {t("newestPage")}
        </Link>
      ) : (
        <span />
      )}
      {pages.older ? (
        <Link href={pages.older} className={buttonClass("secondary", "sm")} rel="next">
          {t("olderPage")}
        </Link>
      ) : null}
    </nav>
  );
}
