import { getTranslations } from "next-intl/server";
import { ListPager as Pager, type ListPages } from "@/components/ui/list-pager";

export type { ListPages };

/** "Newest" and "Show older" under a list of the person page, when there is a page to go to. */
export async function ListPager({ pages, label }: { pages: ListPages; label: string }) {
  const t = await getTranslations("PersonPage");
  return <Pager pages={pages} labels={{ nav: label, newest: t("newestPage"), older: t("olderPage") }} />;
}
