import { getFormatter, getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button";
import { firstName } from "@/lib/format/first-name";
import { deleteProfileAction } from "./settings-actions";
import { DeleteProfile } from "./delete-profile";

/**
 * The member's own data: download it all (GET /me/export), or delete the profile (DELETE /me), which
 * takes their children with it (`dependants`: named first in the confirmation).
 */
export async function MyDataSection({ slug, dependants }: { slug: string; dependants: { displayName: string }[] }) {
  const [t, format] = await Promise.all([getTranslations("MyData"), getFormatter()]);
  const names = format.list(
    dependants.map((child) => firstName(child.displayName)),
    { type: "conjunction" },
  );
  return (
    <section aria-labelledby="my-data" className="mt-8">
      <h2 id="my-data" className="text-lg font-semibold">
        {t("title")}
      </h2>
      <p className="mt-2 text-slate-700">{t("intro")}</p>
      <a href="/api/me/export" download className={buttonClass("secondary", "md", "mt-3")}>
        {t("download")}
      </a>
      <DeleteProfile
        remove={deleteProfileAction.bind(null, slug)}
        goingToo={{ count: dependants.length, names }}
      />
    </section>
  );
}
