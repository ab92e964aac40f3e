import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ActionForm } from "@/components/forms/action-form";
import { PageHeader, Section } from "@/components/forms/page-header";
import { stacked } from "@/components/dashboard/stacked-table";
import { PERSONAS, type Persona } from "@/lib/auth/persona";
import { encodeCursor, readCursor } from "@/lib/schemas/page";
import { PersonKey } from "@/lib/schemas/user";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { pageLanguage } from "@/lib/i18n/page-language";
import { listUsers } from "@/lib/users/list-users";
import { contactsOf } from "@/lib/users/get-person-contact";
import { contactLabel } from "@/lib/users/contact-label";
import { telHref } from "@/lib/format/phone";
import { inviteUserAction } from "./actions";
import { buttonClass } from "@/components/ui/button";

export const dynamic = "force-dynamic";

const PAGE_SIZE = 50;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("PeoplePage");
  return { title: t("title") };
}

type SearchParams = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** People: searched and filtered by the query string, 50 a page by keyset (`after` / `before` cursors). */
export default async function PeoplePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [viewer, t, params, tContact] = await Promise.all([
    requireAdministrator(),
    getTranslations("PeoplePage"),
    searchParams,
    getTranslations("Contact"),
  ]);
  const q = one(params.q)?.trim().slice(0, 200) || undefined;
  const personaParam = one(params.persona);
  const persona = PERSONAS.find((p) => p === personaParam);
  const after = readCursor(PersonKey, one(params.after));
  const before = after ? undefined : readCursor(PersonKey, one(params.before));
  const page = await listUsers({
    db: viewer.db,
    accountId: viewer.accountId,
    viewer: viewer.persona,
    q,
    persona,
    limit: PAGE_SIZE,
    after,
    before,
  });
  const people = page.items;
  const contacts = await contactsOf({ db: viewer.db, userIds: people.map((person) => person.id) });
  const { firstKey: first, lastKey: last } = page;
  // Forward pages have a previous page when they continue one; a page read backwards has a next one.
  const hasPrevious = before ? page.next !== null : after !== undefined;
  const hasNext = before ? true : page.next !== null;
  const link = (cursor: Record<string, string>) =>
    `/dashboard/users?${new URLSearchParams({ ...(q ? { q } : {}), ...(persona ? { persona } : {}), ...cursor })}`;
  const personaNames: Record<Persona, string> = {
    attendee: t("attendee"),
    teacher: t("teacher"),
    administrator: t("administrator"),
  };
  const statusNames: Record<string, string> = {
    active: t("statusActive"),
    invited: t("statusInvited"),
    disabled: t("statusDisabled"),
  };
  const PERSONA_OPTIONS = PERSONAS.map((value) => ({ value, label: personaNames[value] })).reverse();

  return (
    <div className="space-y-8">
      <PageHeader title={t("title")}>{t("intro")}</PageHeader>

      <section aria-labelledby="find" className="space-y-3">
        <h2 id="find" className="sr-only">
          {t("findHeading")}
        </h2>
        <form method="get" action="/dashboard/users" role="search" className="flex flex-wrap items-end gap-3">
          <div className="min-w-0 grow basis-64">
            <label htmlFor="people-q" className="block text-sm font-medium text-slate-800">
              {t("search")}
            </label>
            <input
              id="people-q"
              name="q"
              type="search"
              defaultValue={q ?? ""}
              placeholder={t("searchPlaceholder")}
              autoComplete="off"
              className="mt-1 w-full rounded-md border border-slate-400 px-3 py-2 text-sm"
            />
          </div>
          <div>
            <label htmlFor="people-persona" className="block text-sm font-medium text-slate-800">
              {t("role")}
            </label>
            <select
              id="people-persona"
              name="persona"
              defaultValue={persona ?? ""}
              className="mt-1 rounded-md border border-slate-400 bg-white px-3 py-2 text-sm"
            >
              <option value="">{t("everyone")}</option>
              {PERSONA_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonClass("primary", "form")}>
            {t("searchButton")}
          </button>
          {q || persona ? (
            <Link href="/dashboard/users" className="py-2 text-sm text-brand-700 underline">
              {t("clear")}
            </Link>
          ) : null}
        </form>
        <p className="text-sm text-slate-700">
          {t("export")}{" "}
          <a href="/api/exports/people.csv" className="text-brand-700 underline" download>
            {t("exportCsv")}
          </a>{" "}
          ·{" "}
          <a
            href={`/api/exports/people.csv?delimiter=semicolon&language=${await pageLanguage()}`}
            className="text-brand-700 underline"
            download
          >
            {t("exportExcel")}
          </a>
        </p>
      </section>

      <section aria-labelledby="people" className="space-y-3">
        <h2 id="people" className="text-lg font-semibold text-slate-900">
          {q ? t("resultsFor", { q }) : t("members")}
        </h2>
        {people.length === 0 ? (
          <p className="text-slate-700">{q || persona ? t("noMatches") : t("noPeople")}</p>
        ) : (
          <div className="rounded-lg border border-slate-300 bg-white">
            <table className={stacked.table}>
              <caption className="sr-only">{t("caption")}</caption>
              <thead className={stacked.head}>
                <tr>
                  <th scope="col" className={stacked.th}>
                    {t("name")}
                  </th>
                  <th scope="col" className={stacked.th}>
                    {t("email")}
                  </th>
                  <th scope="col" className={stacked.th}>
                    {t("role")}
                  </th>
                  <th scope="col" className={stacked.th}>
                    {t("status")}
                  </th>
                  <th scope="col" className={stacked.th}>
                    {t("phone")}
                  </th>
                </tr>
              </thead>
              <tbody className={stacked.body}>
                {people.map((person) => (
                  <tr key={person.id} className={stacked.row}>
                    <td className={stacked.lead}>
                      <Link
                        href={`/dashboard/users/${person.id}`}
                        className="font-medium text-brand-700 underline-offset-2 hover:underline"
                      >
                        {person.displayName}
                      </Link>
                      {person.id === viewer.userId ? <span className="text-slate-600"> {t("you")}</span> : null}
                    </td>
                    <td data-label={t("email")} className={`${stacked.cell} [overflow-wrap:anywhere]`}>
                      {contactLabel(contacts.get(person.id)?.contact ?? person, tContact)}
                    </td>
                    <td data-label={t("role")} className={stacked.cell}>
                      {personaNames[person.persona] ?? person.persona}
                    </td>
                    <td data-label={t("status")} className={stacked.cell}>
                      {statusNames[person.status] ?? person.status}
                    </td>
                    <td data-label={t("phone")} className={`${stacked.cell} whitespace-nowrap`}>
                      <PhoneLink phone={contacts.get(person.id)?.phone ?? null} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {hasPrevious || hasNext ? (
          <nav aria-label={t("pages")} className="flex justify-between gap-3 text-sm">
            {hasPrevious && first ? (
              <Link href={link({ before: encodeCursor(first) })} className={buttonClass("secondary", "sm")} rel="prev">
                {t("previous")}
              </Link>
            ) : (
              <span />
            )}
            {hasNext && last ? (
              <Link href={link({ after: encodeCursor(last) })} className={buttonClass("secondary", "sm")} rel="next">
                {t("next")}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>

      <Section id="invite" title={t("inviteHeading")}>
        <ActionForm
          action={inviteUserAction}
          fields={[
            { kind: "email", name: "email", label: t("email"), required: true, autoComplete: "off" },
            { kind: "text", name: "displayName", label: t("name"), required: true, autoComplete: "off" },
            {
              kind: "select",
              name: "persona",
              label: t("role"),
              options: PERSONA_OPTIONS,
              defaultValue: one(params.invite) === "teacher" ? "teacher" : "attendee",
            },
          ]}
          submitLabel={t("invite")}
          pendingLabel={t("inviting")}
          resetOnSuccess
        />
      </Section>
    </div>
  );
}

function PhoneLink({ phone }: { phone: string | null }) {
  if (!phone) return <span className="text-slate-600">—</span>;
  return (
    <a href={telHref(phone)} className="text-brand-700 underline-offset-2 hover:underline">
      {phone}
    </a>
  );
}
