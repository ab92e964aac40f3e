import { getTranslations } from "next-intl/server";
import { formatLocalDate, formatPercent } from "@/components/dashboard/format";
import type { Persona } from "@/lib/auth/persona";
import type { PersonOverview } from "@/lib/users/get-person-overview";
import type { Studio } from "@/lib/web/get-active-studio";
import { contactLabel } from "@/lib/users/contact-label";

/** A persona's name on the person page. */
export async function getPersonaNames(): Promise<Record<Persona, string>> {
  const t = await getTranslations("PersonPage");
  return { attendee: t("attendee"), teacher: t("teacher"), administrator: t("administrator") };
}

/** Who the person is: email, role, date of birth and account status. */
export async function PersonFacts({ person, studio }: { person: PersonOverview["person"]; studio: Studio }) {
  const t = await getTranslations("PersonPage");
  const tContact = await getTranslations("Contact");
  const personaNames = await getPersonaNames();
  const facts = [
    {
      label: t("email"),
      value: contactLabel(person, tContact),
      wrap: true,
    },
    { label: t("role"), value: personaNames[person.persona] ?? person.persona },
    {
      label: t("dateOfBirth"),
      value: person.dateOfBirth
        ? formatLocalDate(person.dateOfBirth.toISOString().slice(0, 10), studio)
        : t("notGiven"),
    },
    {
      label: t("status"),
      value:
        person.status === "invited"
          ? t("statusInvited")
          : person.status === "disabled"
            ? t("statusDisabled")
            : t("statusActive"),
    },
  ];
  return (
    <dl className="grid gap-x-8 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr]">
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt className="text-slate-600">{fact.label}</dt>
          <dd className={`font-medium text-slate-900 ${fact.wrap ? "[overflow-wrap:anywhere]" : ""}`}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Three figures: attendance rate, classes left, bookings ahead and behind. */
export async function PersonFigures({ overview, studio }: { overview: PersonOverview; studio: Studio }) {
  const t = await getTranslations("PersonPage");
  const { attendance, credits, upcoming, past } = overview;
  const figures = [
    {
      label: t("attendanceRate"),
      value: attendance.rate === null ? "—" : formatPercent(attendance.rate, studio.locale),
      note:
        attendance.rate === null
          ? t("noMarks")
          : t("attendanceCounts", { attended: attendance.attended, noShow: attendance.noShow }),
    },
    {
      label: t("creditsLeft"),
      value: credits.left === null ? t("unlimited") : credits.left,
      note: t("activePasses", { count: credits.activePasses }),
    },
    { label: t("upcomingCount"), value: upcoming.length, note: t("pastCount", { count: past.total }) },
  ];
  return (
    <ul className="grid gap-3 sm:grid-cols-3" aria-label={t("figures")}>
      {figures.map((figure) => (
        <li key={figure.label} className="rounded-lg border border-slate-300 bg-white p-4">
          <p className="text-sm text-slate-600">{figure.label}</p>
          <p className="text-2xl font-semibold text-slate-900 tabular-nums">{figure.value}</p>
          <p className="text-sm text-slate-700">{figure.note}</p>
        </li>
      ))}
    </ul>
  );
}
