import Link from "next/link";
import { buttonClass } from "@/components/ui/button";

/** The links of a keyset-paged list: back to its newest page, on to older ones (null: none to go to). */
export type ListPages = { newest: string | null; older: string | null };

/** "Newest" and "Show older" under a paged list, when there is a page to go to; the words are the caller's. */
export function ListPager({
  pages,
  labels,
}: {
  pages: ListPages;
  labels: { nav: string; newest: string; older: string };
}) {
  if (!pages.newest && !pages.older) return null;
  return (
    <nav aria-label={labels.nav} className="mt-3 flex justify-between gap-3 text-sm">
      {pages.newest ? (
        <Link href={pages.newest} className={buttonClass("secondary", "sm")}>
          {labels.newest}
        </Link>
      ) : (
        <span />
      )}
      {pages.older ? (
        <Link href={pages.older} className={buttonClass("secondary", "sm")} rel="next">
          {labels.older}
        </Link>
      ) : null}
    </nav>
  );
}
