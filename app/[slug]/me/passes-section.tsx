import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { formatDate, formatLastDay, formatLocalDate } from "@/lib/format/dates";
import { getStatusWords } from "@/lib/i18n/status-words";
import type { ShownPass } from "@/lib/users/get-person-overview";
import { cancelMembershipAction } from "../actions";
import { CancelMembership } from "./cancel-membership";
import { ListPager, type ListPages, type MemberSectionProps } from "./list-pages";

const PASS_TONES: Record<string, BadgeTone> = { active: "success", revoked: "danger" };

/** Passes, each with whose it is (a child's), classes left, end, a pause, and a membership's cancel. */
async function PassList({
  list,
  slug,
  where,
}: {
  list: ShownPass[];
  slug: string;
  where: MemberSectionProps["where"];
}) {
  const [t, words] = await Promise.all([getTranslations("MyBookings"), getStatusWords()]);
  return (
    <ul className="mt-2 divide-y divide-slate-100">
      {list.map((pass) => (
        <li key={pass.id} className="flex flex-wrap items-start justify-between gap-2 py-3">
          <div>
            <p className="font-semibold text-slate-900">
              {pass.productName ?? t("pass")}
              {pass.holder !== null ? ` · ${pass.holder}` : null}
            </p>
            <p className="text-sm text-slate-700">
              {pass.course ? (
                t("courseTerms", {
                  first: formatDate(pass.course.firstStartsAt, where),
                  last: formatDate(pass.course.lastStartsAt, where),
                  count: pass.course.classesLeft,
                })
              ) : (
                <>
                  {pass.remainingClasses === null ? t("unlimited") : t("classesLeft", { count: pass.remainingClasses })}
                  {" · "}
                  {pass.cancelAt
                    ? t("cancelledEnds", { date: formatDate(pass.cancelAt, where) })
                    : pass.validUntil
                      ? t("validUntil", { date: formatLastDay(pass.validUntil, where) })
                      : t("noExpiry")}
                </>
              )}
              {pass.pause ? (
                <span className="block">{words.pause(pass.pause, (date) => formatLocalDate(date, where))}</span>
              ) : null}
              {pass.pastDueSince && pass.validUntil && pass.status === "active" ? (
                <span className="block font-medium text-amber-900">
                  {t("pastDue", { date: formatLastDay(pass.validUntil, where) })}
                </span>
              ) : null}
            </p>
          </div>
          <Badge tone={PASS_TONES[pass.status] ?? "neutral"}>{words.pass(pass.status)}</Badge>
          {pass.controls.cancellable ? (
            <CancelMembership
              product={pass.productName ?? t("pass")}
              usableUntil={pass.usableUntil ? formatDate(pass.usableUntil, where) : null}
              cancel={cancelMembershipAction.bind(null, slug, { entitlementId: pass.id })}
            />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The member's passes and memberships (their children's too): those still usable or to come, then a page of the
 * ended ones with the links to the others.
 */
export async function PassesSection({ overview, studio, where, pages }: MemberSectionProps & { pages: ListPages }) {
  const t = await getTranslations("MyBookings");
  const { passes, endedPasses } = overview;
  const anyEnded = endedPasses.shown.length > 0 || pages.newest !== null;
  return (
    <section aria-labelledby="passes" className="mt-8">
      <h2 id="passes" className="text-lg font-semibold">
        {t("myPasses")}
      </h2>
      {passes.length === 0 ? (
        <p className="mt-2 text-slate-700">
          {anyEnded ? t("noCurrentPasses") : t("noPasses")}{" "}
          <Link href={`/${studio.slug}/passes`} className="font-medium text-brand-700 underline">
            {t("seePasses")}
          </Link>
        </p>
      ) : (
        <PassList list={passes} slug={studio.slug} where={where} />
      )}
      {anyEnded ? (
        <>
          <h3 className="mt-4 font-semibold text-slate-900">{t("endedPasses")}</h3>
          <PassList list={endedPasses.shown} slug={studio.slug} where={where} />
          <ListPager pages={pages} label={t("endedPassesPages")} />
        </>
      ) : null}
    </section>
  );
}
