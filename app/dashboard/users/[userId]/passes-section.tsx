import { getTranslations } from "next-intl/server";
import { Section } from "@/components/forms/page-header";
import { formatDate, formatLastDay, formatLocalDate } from "@/components/dashboard/format";
import { StackedTable } from "@/components/dashboard/stacked-table-view";
import { getStatusWords } from "@/lib/i18n/status-words";
import type { PersonOverview } from "@/lib/users/get-person-overview";
import { ListPager, type PersonSectionProps } from "./list-pages";
import { MembershipControls } from "./membership-controls";

type Pass = PersonOverview["passes"][number];

/**
 * The person's passes and memberships: those still usable or to come, each with classes left, end,
 * status with its notes and what membershipControls lets the desk do to a membership; below them a page of the ended ones.
 */
export async function PassesSection({ overview, studio, pages }: PersonSectionProps) {
  const [t, words] = await Promise.all([getTranslations("PersonPage"), getStatusWords()]);
  const { passes, endedPasses, person, today } = overview;
  const table = (list: Pass[], caption: string) => {
    const anyMembership = list.some((pass) => pass.membership);
    return (
      <StackedTable
        caption={caption}
        columns={[
          { label: t("product") },
          { label: t("credits"), className: "tabular-nums" },
          { label: t("validUntil") },
          { label: t("status") },
          // a pass that is no membership leaves this cell empty: no label for it on a phone
          ...(anyMembership ? [{ label: t("manageMembership"), className: "empty:hidden md:empty:table-cell" }] : []),
        ]}
        rows={list.map((pass) => {
          const name = pass.productName ?? "—";
          const validUntil = pass.validUntil ? formatLastDay(pass.validUntil, studio) : null;
          const allowed = pass.controls;
          const notes = [
            pass.cancelAt ? t("endsOn", { date: formatDate(pass.cancelAt, studio) }) : null,
            pass.pastDueSince && pass.validUntil
              ? t("pastDue", { date: formatLastDay(pass.validUntil, studio) })
              : null,
            pass.pause ? words.pause(pass.pause, (date) => formatLocalDate(date, studio)) : null,
            pass.imported ? t("imported") : null,
          ].filter((note) => note !== null);
          return {
            key: pass.id,
            cells: [
              name,
              pass.remainingClasses === null ? t("unlimited") : pass.remainingClasses,
              validUntil ?? t("noEnd"),
              <span key="status">
                {words.pass(pass.status)}
                {notes.map((note) => (
                  <span key={note} className="block text-xs text-slate-700">
                    {note}
                  </span>
                ))}
              </span>,
              ...(!anyMembership
                ? []
                : allowed.cancellable || allowed.pausable || allowed.resumable
                  ? [
                      <MembershipControls
                        key="manage"
                        entitlementId={pass.id}
                        userId={person.id}
                        product={name}
                        person={person.displayName}
                        endsOn={pass.usableUntil ? formatLastDay(pass.usableUntil, studio) : null}
                        allowed={allowed}
                        today={today}
                        bookedDays={overview.bookedDays[pass.id] ?? []}
                      />,
                    ]
                  : [null]),
            ],
          };
        })}
      />
    );
  };
  const anyEnded = endedPasses.shown.length > 0 || pages.newest !== null;
  return (
    <Section id="passes" title={t("passesHeading")}>
      {passes.length > 0 ? (
        table(passes, t("passesHeading"))
      ) : (
        <p className="text-slate-700">{anyEnded ? t("noCurrentPasses") : t("noPasses")}</p>
      )}
      {anyEnded ? (
        <>
          <h3 className="pt-2 font-medium text-slate-900">{t("endedPassesHeading")}</h3>
          {table(endedPasses.shown, t("endedPassesHeading"))}
          <ListPager pages={pages} label={t("endedPassesPages")} />
        </>
      ) : null}
    </Section>
  );
}
