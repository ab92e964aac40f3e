import { getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { formatLocalDate, type Zoned } from "@/lib/format/dates";
import type { UserDto } from "@/lib/schemas/user";
import { addChildAction, removeChildAction } from "./household-actions";

const NOTICES = { added: "childAdded", removed: "childRemoved", invalid: "childInvalid" } as const;

/**
 * The member's children (GET /me/dependants): each with their date of birth and Remove, and a form
 * to add one (a name and a date of birth; no email: a child never signs in, their emails come here).
 */
export async function ChildrenSection(props: { slug: string; dependants: UserDto[]; changed?: string; where: Zoned }) {
  const t = await getTranslations("Household");
  const { slug, dependants, changed, where } = props;
  const notice = changed && changed in NOTICES ? NOTICES[changed as keyof typeof NOTICES] : undefined;
  return (
    <section aria-labelledby="children" className="mt-8">
      <h2 id="children" className="text-lg font-semibold">
        {t("childrenTitle")}
      </h2>
      {notice && (
        <Notice tone={notice === "childInvalid" ? "error" : "success"} className="mt-3">
          {notice === "childAdded"
            ? t("childAdded")
            : notice === "childRemoved"
              ? t("childRemoved")
              : t("childInvalid")}
        </Notice>
      )}
      <p className="mt-2 text-slate-700">{t("childrenIntro")}</p>
      {dependants.length === 0 ? (
        <p className="mt-2 text-slate-700">{t("noChildren")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {dependants.map((child) => (
            <li key={child.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium text-slate-900">{child.displayName}</span>
                {child.dateOfBirth && (
                  <span className="text-sm text-slate-600">
                    {" · "}
                    {t("born", { date: formatLocalDate(child.dateOfBirth, where) })}
                  </span>
                )}
              </span>
              <form action={removeChildAction.bind(null, slug, { userId: child.id })}>
                <button type="submit" className={buttonClass("danger", "sm")}>
                  {t("removeChild", { name: child.displayName })}
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <form action={addChildAction.bind(null, slug)} className="mt-3 flex flex-wrap items-end gap-3">
        <label className="text-sm font-medium">
          {t("childName")}
          <input
            name="displayName"
            required
            maxLength={200}
            className="mt-1 block min-h-11 rounded-md border border-slate-400 px-3"
          />
        </label>
        <label className="text-sm font-medium">
          {t("childBirth")}
          <input
            name="dateOfBirth"
            type="date"
            required
            className="mt-1 block min-h-11 rounded-md border border-slate-400 px-3"
          />
        </label>
        <button type="submit" className={buttonClass("secondary")}>
          {t("addChild")}
        </button>
      </form>
    </section>
  );
}
