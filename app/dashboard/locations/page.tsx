import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ActionForm } from "@/components/forms/action-form";
import { ArchivableList } from "@/components/forms/archivable-list";
import type { FieldSpec } from "@/components/forms/field";
import { PageHeader, Section } from "@/components/forms/page-header";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { listLocations } from "@/lib/programme/list-locations";
import { createLocationAction, setLocationStatusAction, updateLocationAction } from "./actions";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("LocationsPage");
  return { title: t("title") };
}

type Translate = Awaited<ReturnType<typeof getTranslations<"LocationsPage">>>;

function fields(t: Translate, location?: { name: string; address: string; capacity: number }): FieldSpec[] {
  return [
    { kind: "text", name: "name", label: t("name"), defaultValue: location?.name, required: true },
    { kind: "text", name: "address", label: t("address"), defaultValue: location?.address },
    {
      kind: "number",
      name: "capacity",
      label: t("capacity"),
      defaultValue: location?.capacity ?? 20,
      min: 1,
      hint: t("capacityHint"),
    },
  ];
}

export default async function LocationsPage() {
  const [viewer, t] = await Promise.all([requireAdministrator(), getTranslations("LocationsPage")]);
  const locations = await listLocations({ db: viewer.db });
  return (
    <div className="space-y-8">
      <PageHeader title={t("title")}>{t("intro")}</PageHeader>
      <Section id="new-location" title={t("addHeading")}>
        <ActionForm action={createLocationAction} fields={fields(t)} submitLabel={t("add")} resetOnSuccess />
      </Section>
      <ArchivableList
        empty={{ active: t("noActive"), archived: t("noArchived") }}
        idName="locationId"
        editAction={updateLocationAction}
        statusAction={setLocationStatusAction}
        items={locations.map((location) => ({
          id: location.id,
          title: location.name,
          summary: [location.address, t("places", { count: location.capacity })].filter(Boolean).join(" · "),
          status: location.status,
          editFields: fields(t, location),
        }))}
      />
    </div>
  );
}
