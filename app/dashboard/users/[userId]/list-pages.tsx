import type { ListPages } from "@/components/ui/list-pager";
import type { PersonOverview } from "@/lib/users/get-person-overview";
import type { Studio } from "@/lib/web/get-active-studio";

export { ListPager, type ListPages } from "@/components/ui/list-pager";

/** What each of the person page's paged sections is given: the person, the studio, its list's page links. */
export type PersonSectionProps = { overview: PersonOverview; studio: Studio; pages: ListPages };
