import Link from "next/link";
import { getTranslations } from "next-intl/server";

type Props = {
  /** "All locations" (no id) and each location, with the link that shows the week at it. */
  options: { id: string | undefined; name: string; href: string }[];
  current: string | undefined;
};

/** Links that narrow the week to one location (plain links: no JavaScript needed). */
export async function LocationFilter({ options, current }: Props) {
  const t = await getTranslations("Schedule");
  return (
    <nav aria-label={t("locations")} className="mt-3">
      <ul className="flex flex-wrap gap-2">
        {options.map(({ id, name, href }) => (
          <li key={id ?? "all"}>
            <Link
              href={href}
              aria-current={id === current ? "page" : undefined}
              className={`inline-block rounded-full border px-3 py-1.5 text-sm ${
                id === current
                  ? "border-brand-700 bg-brand-700 text-white"
                  : "border-slate-300 text-slate-800 hover:bg-brand-50"
              }`}
            >
              {name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
