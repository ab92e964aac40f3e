import type { Metadata } from "next";
import { formatLocalDate } from "@/lib/format/dates";
import { zoneName } from "@/lib/format/timezones";
import { pageFormat } from "@/lib/i18n/page-language";
import { getTranslations } from "next-intl/server";
import { ActionForm } from "@/components/forms/action-form";
import { ArchivableList } from "@/components/forms/archivable-list";
import type { FieldSpec } from "@/components/forms/field";
import { PageHeader, Section } from "@/components/forms/page-header";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { listSeasons } from "@/lib/commerce/list-seasons";
import { getMe } from "@/lib/users/get-me";
import { createSeasonAction, setSeasonStatusAction, updateSeasonAction } from "./actions";
import { seasonDays } from "./season-dates";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("SeasonsPage");
  return { title: t("title") };
}

type Translate = Awaited<ReturnType<typeof getTranslations<"SeasonsPage">>>;

function fields(t: Translate, season?: { name: string; firstDay: string; lastDay: string }): FieldSpec[] {
  return [
    { kind: "text", name: "name", label: t("name"), defaultValue: season?.name, required: true },
    { kind: "date", name: "firstDay", label: t("firstDay"), defaultValue: season?.firstDay, required: true },
    { kind: "date", name: "lastDay", label: t("lastDay"), defaultValue: season?.lastDay, required: true },
  ];
}

export default async function SeasonsPage() {
  const [viewer, t] = await Promise.all([requireAdministrator(), getTranslations("SeasonsPage")]);
  const [seasons, { account }] = await Promise.all([listSeasons({ db: viewer.db }), getMe(viewer)]);
  const where = await pageFormat(account);
  const day = (iso: string) => formatLocalDate(iso, where);
  return (
    <div className="space-y-8">
      <PageHeader title={t("title")}>{t("intro", { zone: zoneName(account.timezone, where.locale) })}</PageHeader>
      <Section id="new-season" title={t("addHeading")}>
        <ActionForm action={createSeasonAction} fields={fields(t)} submitLabel={t("add")} resetOnSuccess />
      </Section>
      <ArchivableList
        empty={{ active: t("noActive"), archived: t("noArchived") }}
        idName="seasonId"
        editAction={updateSeasonAction}
        statusAction={setSeasonStatusAction}
        items={seasons.map((season) => {
          const days = seasonDays(season, account.timezone);
          return {
            id: season.id,
            title: season.name,
            summary: `${day(days.firstDay)} – ${day(days.lastDay)}`,
            status: season.status,
            editFields: fields(t, { name: season.name, ...days }),
          };
        })}
      />
    </div>
  );
}
