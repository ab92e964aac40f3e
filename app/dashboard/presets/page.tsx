import type { Metadata } from "next";
import { ActionForm } from "@/components/forms/action-form";
import { ArchivableList } from "@/components/forms/archivable-list";
import type { FieldSpec } from "@/components/forms/field";
import { PageHeader, Section } from "@/components/forms/page-header";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { listDurationPresets } from "@/lib/programme/list-duration-presets";
import { createPresetAction, setPresetStatusAction, updatePresetAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Class lengths" };

function fields(preset?: { name: string; minutes: number }): FieldSpec[] {
  return [
    { kind: "text", name: "name", label: "Name", defaultValue: preset?.name, required: true },
    {
      kind: "number",
      name: "minutes",
      label: "Length in minutes",
      defaultValue: preset?.minutes ?? 60,
      min: 1,
      max: 10080,
      required: true,
    },
  ];
}

export default async function PresetsPage() {
  const viewer = await requireAdministrator();
  const presets = await listDurationPresets({ db: viewer.db });
  return (
    <div className="space-y-8">
      <PageHeader title="Class lengths">
        The lengths offered when you plan an event. Events keep their own length: editing or archiving a class length
        changes no event.
      </PageHeader>
      <Section id="new-preset" title="Add a class length">
        <ActionForm action={createPresetAction} fields={fields()} submitLabel="Add class length" resetOnSuccess />
      </Section>
      <ArchivableList
        noun="class length"
        idName="presetId"
        editAction={updatePresetAction}
        statusAction={setPresetStatusAction}
        items={presets.map((preset) => ({
          id: preset.id,
          title: preset.name,
          summary: `${preset.minutes} minutes`,
          status: preset.status,
          editFields: fields(preset),
        }))}
      />
    </div>
  );
}
