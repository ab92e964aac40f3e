import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ActionForm } from "@/components/forms/action-form";
import { PageHeader, Section } from "@/components/forms/page-header";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { getMe } from "@/lib/users/get-me";
import { updateSettingsAction } from "./actions";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("SettingsPage");
  return { title: t("title") };
}

function timezones(current: string): string[] {
  const zones = Intl.supportedValuesOf("timeZone");
  return zones.includes(current) ? zones : [current, ...zones];
}

export default async function SettingsPage() {
  const [viewer, t] = await Promise.all([requireAdministrator(), getTranslations("SettingsPage")]);
  const { account } = await getMe(viewer);
  const policy = account.bookingPolicy;
  return (
    <div className="space-y-8">
      <PageHeader title={t("title")}>{t("intro", { currency: account.currency })}</PageHeader>
      <Section id="studio-settings" title={t("heading")}>
        <div className="max-w-xl">
          <ActionForm
            action={updateSettingsAction}
            fields={[
              { kind: "text", name: "name", label: t("name"), defaultValue: account.name, required: true },
              {
                kind: "select",
                name: "timezone",
                label: t("timezone"),
                options: timezones(account.timezone).map((zone) => ({ value: zone, label: zone.replace(/_/g, " ") })),
                defaultValue: account.timezone,
                hint: t("timezoneHint"),
              },
              {
                kind: "text",
                name: "locale",
                label: t("locale"),
                defaultValue: account.locale,
                hint: t("localeHint"),
              },
              {
                kind: "number",
                name: "bookingPolicy.opensDaysBefore",
                label: t("opensDaysBefore"),
                defaultValue: policy.opensDaysBefore,
                min: 0,
                max: 365,
              },
              {
                kind: "number",
                name: "bookingPolicy.closesMinutesBefore",
                label: t("closesMinutesBefore"),
                defaultValue: policy.closesMinutesBefore,
                min: 0,
                max: 10080,
              },
              {
                kind: "number",
                name: "bookingPolicy.cancellationWindowHours",
                label: t("cancellationWindowHours"),
                defaultValue: policy.cancellationWindowHours,
                min: 0,
                max: 720,
                hint: t("cancellationWindowHint"),
              },
              {
                kind: "checkbox",
                name: "bookingPolicy.waitlistEnabled",
                label: t("waitlistEnabled"),
                defaultChecked: policy.waitlistEnabled,
              },
            ]}
            submitLabel={t("save")}
          />
        </div>
      </Section>
    </div>
  );
}
