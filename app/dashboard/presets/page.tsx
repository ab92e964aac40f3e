import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ActionForm } from "@/components/forms/action-form";
import { ArchivableList } from "@/components/forms/archivable-list";
import type { FieldSpec } from "@/components/forms/field";
import { PageHeader, Section } from "@/components/forms/page-header";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { listDurationPresets } from "@/lib/programme/list-duration-presets";
import { createPresetAction, setPresetStatusAction, updatePresetAction } from "./actions";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("PresetsPage");
  return { title: t("title") };
}

type Translate = Awaited<ReturnType<typeof getTranslations<"PresetsPage">>>;

function fields(t: Translate, preset?: { name: string; minutes: number }): FieldSpec[] {
  return [
    { kind: "text", name: "name", label: t("name"), defaultValue: preset?.name, required: true },
    {
      kind: "number",
      name: "minutes",
      label: t("minutes"),
      defaultValue: preset?.minutes ?? 60,
      min: 1,
      max: 10080,
      required: true,
    },
  ];
}

export default async function PresetsPage() {
  const [viewer, t] = await Promise.all([requireAdministrator(), getTranslations("PresetsPage")]);
  const presets = await listDurationPresets({ db: viewer.db });
  return (
    <div className="space-y-8">
      <PageHeader title={t("title")}>{t("intro")}</PageHeader>
      <Section id="new-preset" title={t("addHeading")}>
        <ActionForm action={createPresetAction} fields={fields(t)} submitLabel={t("add")} resetOnSuccess />
      </Section>
      <ArchivableList
        empty={{ active: t("noActive"), archived: t("noArchived") }}
        idName="presetId"
        editAction={updatePresetAction}
        statusAction={setPresetStatusAction}
        items={presets.map((preset) => ({
          id: preset.id,
          title: preset.name,
          summary: t("summary", { count: preset.minutes }),
          status: preset.status,
          editFields: fields(t, preset),
        }))}
      />
    </div>
  );
}
