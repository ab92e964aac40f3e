import { getTranslations } from "next-intl/server";
import { Section } from "@/components/forms/page-header";
import { formatDate, formatLastDay, formatLocalDate } from "@/components/dashboard/format";
import { StackedTable } from "@/components/dashboard/stacked-table-view";
import { getStatusWords } from "@/lib/i18n/status-words";
import type { PersonOverview } from "@/lib/users/get-person-overview";
import type { Studio } from "@/lib/web/get-active-studio";
import { MembershipControls } from "./membership-controls";

/** The person's passes and memberships: classes left, end, status with its notes, and a running membership's controls. */
export async function PassesSection({ overview, studio }: { overview: PersonOverview; studio: Studio }) {
  const [t, words] = await Promise.all([getTranslations("PersonPage"), getStatusWords()]);
  const { passes, person, today } = overview;
  const anyMembership = passes.some((pass) => pass.membership);
  return (
    <Section id="passes" title={t("passesHeading")}>
      {passes.length === 0 ? (
        <p className="text-slate-700">{t("noPasses")}</p>
      ) : (
        <StackedTable
          caption={t("passesHeading")}
          columns={[
            { label: t("product") },
            { label: t("credits"), className: "tabular-nums" },
            { label: t("validUntil") },
            { label: t("status") },
            // a pass that is no membership leaves this cell empty: no label for it on a phone
            ...(anyMembership ? [{ label: t("manageMembership"), className: "empty:hidden md:empty:table-cell" }] : []),
          ]}
          rows={passes.map((pass) => {
            const name = pass.productName ?? "—";
            const validUntil = pass.validUntil ? formatLastDay(pass.validUntil, studio) : null;
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
                  : pass.manageable
                    ? [
                        <MembershipControls
                          key="manage"
                          entitlementId={pass.id}
                          userId={person.id}
                          product={name}
                          person={person.displayName}
                          endsOn={validUntil}
                          cancelled={pass.cancelAt !== null}
                          paused={pass.pause !== null}
                          today={today}
                        />,
                      ]
                    : [null]),
              ],
            };
          })}
        />
      )}
    </Section>
  );
}
