import type { Metadata } from "next";
import { ActionForm } from "@/components/forms/action-form";
import { ArchivableList } from "@/components/forms/archivable-list";
import type { FieldSpec } from "@/components/forms/field";
import { PageHeader, Section } from "@/components/forms/page-header";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { listLocations } from "@/lib/programme/list-locations";
import { createLocationAction, setLocationStatusAction, updateLocationAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Locations" };

function fields(location?: { name: string; address: string; capacity: number }): FieldSpec[] {
  return [
    { kind: "text", name: "name", label: "Name", defaultValue: location?.name, required: true },
    { kind: "text", name: "address", label: "Address", defaultValue: location?.address },
    {
      kind: "number",
      name: "capacity",
      label: "Capacity",
      defaultValue: location?.capacity ?? 20,
      min: 1,
      hint: "Places that events held here get by default.",
    },
  ];
}

export default async function LocationsPage() {
  const viewer = await requireAdministrator();
  const locations = await listLocations({ db: viewer.db });
  return (
    <div className="space-y-8">
      <PageHeader title="Locations">
        Rooms and venues. Archiving hides a location from pickers; events that use it keep it.
      </PageHeader>
      <Section id="new-location" title="Add a location">
        <ActionForm action={createLocationAction} fields={fields()} submitLabel="Add location" resetOnSuccess />
      </Section>
      <ArchivableList
        noun="location"
        idName="locationId"
        editAction={updateLocationAction}
        statusAction={setLocationStatusAction}
        items={locations.map((location) => ({
          id: location.id,
          title: location.name,
          summary: [location.address, `${location.capacity} places`].filter(Boolean).join(" · "),
          status: location.status,
          editFields: fields(location),
        }))}
      />
    </div>
  );
}
