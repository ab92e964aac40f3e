import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button";

/** The links of a keyset-paged list: back to its newest page, on to older ones (null: none to go to). */
export type ListPages = { newest: string | null; older: string | null };

/** "Newest" and "Show older" under a paged list, when there is a page to go to; `label` names the list's pages. */
export async function ListPager({ pages, label }: { pages: ListPages; label: string }) {
  if (!pages.newest && !pages.older) return null;
  const t = await getTranslations("ListPager");
  return (
    <nav aria-label={label} className="mt-3 flex justify-between gap-3 text-sm">
      {pages.newest ? (
        <Link href={pages.newest} className={buttonClass("secondary", "sm")}>
          {t("newest")}
        </Link>
      ) : (
        <span />
      )}
      {pages.older ? (
        <Link href={pages.older} className={buttonClass("secondary", "sm")} rel="next">
          {t("older")}
        </Link>
      ) : null}
    </nav>
  );
}
