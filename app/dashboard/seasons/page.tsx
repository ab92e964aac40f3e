import type { Metadata } from "next";
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
export const metadata: Metadata = { title: "Seasons" };

function fields(season?: { name: string; firstDay: string; lastDay: string }): FieldSpec[] {
  return [
    { kind: "text", name: "name", label: "Name", defaultValue: season?.name, required: true },
    { kind: "date", name: "firstDay", label: "First day", defaultValue: season?.firstDay, required: true },
    { kind: "date", name: "lastDay", label: "Last day", defaultValue: season?.lastDay, required: true },
  ];
}

export default async function SeasonsPage() {
  const viewer = await requireAdministrator();
  const [seasons, { account }] = await Promise.all([listSeasons({ db: viewer.db }), getMe(viewer)]);
  const dateFormat = new Intl.DateTimeFormat(account.locale, { dateStyle: "medium", timeZone: "UTC" });
  const day = (iso: string) => dateFormat.format(new Date(`${iso}T00:00:00Z`));
  return (
    <div className="space-y-8">
      <PageHeader title="Seasons">
        Named date ranges of your programme, in the studio&apos;s timezone ({account.timezone}).
      </PageHeader>
      <Section id="new-season" title="Add a season">
        <ActionForm action={createSeasonAction} fields={fields()} submitLabel="Add season" resetOnSuccess />
      </Section>
      <ArchivableList
        noun="season"
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
            editFields: fields({ name: season.name, ...days }),
          };
        })}
      />
    </div>
  );
}
