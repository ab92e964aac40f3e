import type { Metadata } from "next";
import { ActionForm } from "@/components/forms/action-form";
import { PageHeader, Section } from "@/components/forms/page-header";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { getMe } from "@/lib/users/get-me";
import { updateSettingsAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Settings" };

function timezones(current: string): string[] {
  const zones = Intl.supportedValuesOf("timeZone");
  return zones.includes(current) ? zones : [current, ...zones];
}

export default async function SettingsPage() {
  const viewer = await requireAdministrator();
  const { account } = await getMe(viewer);
  const policy = account.bookingPolicy;
  return (
    <div className="space-y-8">
      <PageHeader title="Settings">
        Your studio&apos;s name, clock and language, and when people may book and cancel. Prices are in{" "}
        {account.currency}.
      </PageHeader>
      <Section id="studio-settings" title="Studio and booking policy">
        <div className="max-w-xl">
          <ActionForm
            action={updateSettingsAction}
            fields={[
              { kind: "text", name: "name", label: "Studio name", defaultValue: account.name, required: true },
              {
                kind: "select",
                name: "timezone",
                label: "Timezone",
                options: timezones(account.timezone).map((zone) => ({ value: zone, label: zone.replace(/_/g, " ") })),
                defaultValue: account.timezone,
                hint: "Class times and dates are shown in this timezone.",
              },
              {
                kind: "text",
                name: "locale",
                label: "Locale",
                defaultValue: account.locale,
                hint: "A language tag such as da-DK or en-GB: how dates and prices are written.",
              },
              {
                kind: "number",
                name: "bookingPolicy.opensDaysBefore",
                label: "Booking opens (days before class)",
                defaultValue: policy.opensDaysBefore,
                min: 0,
                max: 365,
              },
              {
                kind: "number",
                name: "bookingPolicy.closesMinutesBefore",
                label: "Booking closes (minutes before class)",
                defaultValue: policy.closesMinutesBefore,
                min: 0,
                max: 10080,
              },
              {
                kind: "number",
                name: "bookingPolicy.cancellationWindowHours",
                label: "Free cancellation until (hours before class)",
                defaultValue: policy.cancellationWindowHours,
                min: 0,
                max: 720,
                hint: "A later cancellation uses up the class.",
              },
              {
                kind: "checkbox",
                name: "bookingPolicy.waitlistEnabled",
                label: "Waitlist when a class is full",
                defaultChecked: policy.waitlistEnabled,
              },
            ]}
            submitLabel="Save settings"
          />
        </div>
      </Section>
    </div>
  );
}
