import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ActionForm } from "@/components/forms/action-form";
import type { OptionGroup } from "@/components/forms/options";
import { PageHeader, Section } from "@/components/forms/page-header";
import { buttonClass } from "@/components/ui/button";
import { groupTimezones, type TimezoneRegion } from "@/lib/format/timezones";
import { localeTagOptions } from "@/lib/i18n/locale-tags";
import { DEFAULT_QUIET_HOURS } from "@/lib/studio-time/quiet-hours";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { getMe } from "@/lib/users/get-me";
import { updateProfileAction, updateSettingsAction } from "./actions";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("SettingsPage");
  return { title: t("title") };
}

/** Every timezone under its region's name, each with today's offset ("Copenhagen — UTC+01:00"). */
async function timezoneGroups(current: string, now: Date): Promise<OptionGroup[]> {
  const tr = await getTranslations("TimezoneRegions");
  const regions: Record<TimezoneRegion, string> = {
    Europe: tr("Europe"),
    America: tr("America"),
    Asia: tr("Asia"),
    Africa: tr("Africa"),
    Australia: tr("Australia"),
    Pacific: tr("Pacific"),
    Atlantic: tr("Atlantic"),
    Indian: tr("Indian"),
    Antarctica: tr("Antarctica"),
    Arctic: tr("Arctic"),
    Other: tr("Other"),
  };
  return groupTimezones({ at: now, current }).map((group) => ({
    label: regions[group.region],
    options: group.zones.map((choice) => ({ value: choice.zone, label: choice.label })),
  }));
}

export default async function SettingsPage() {
  const [viewer, t, tp] = await Promise.all([
    requireAdministrator(),
    getTranslations("SettingsPage"),
    getTranslations("ProfileSettings"),
  ]);
  const te = await getTranslations("StudioExport");
  const { account } = await getMe(viewer);
  const policy = account.bookingPolicy;
  const profile = account.profile;
  const zones = await timezoneGroups(account.timezone, new Date());
  const locales = localeTagOptions(account.locale).map((option) => ({
    value: option.value,
    label: option.supported ? option.label : t("localeOther", { name: option.label }),
  }));
  return (
    <div className="space-y-10">
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
                options: [],
                groups: zones,
                searchLabel: t("timezoneSearch"),
                defaultValue: account.timezone,
                hint: t("timezoneHint"),
              },
              {
                kind: "select",
                name: "locale",
                label: t("locale"),
                options: locales,
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
              {
                kind: "select",
                name: "bookingPolicy.waitlistMode",
                label: t("waitlistMode"),
                options: [
                  { value: "auto", label: t("waitlistModeAuto") },
                  { value: "offer", label: t("waitlistModeOffer") },
                ],
                defaultValue: policy.waitlistMode,
                hint: t("waitlistModeHint"),
              },
              {
                kind: "number",
                name: "bookingPolicy.waitlistOfferMinutes",
                label: t("waitlistOfferMinutes"),
                defaultValue: policy.waitlistOfferMinutes,
                min: 5,
                max: 1440,
                hint: t("waitlistOfferMinutesHint"),
              },
              {
                kind: "number",
                name: "bookingPolicy.waitlistAutoWithinMinutes",
                label: t("waitlistAutoWithinMinutes"),
                defaultValue: policy.waitlistAutoWithinMinutes,
                min: 0,
                max: 1440,
                hint: t("waitlistAutoWithinMinutesHint"),
              },
              {
                kind: "time",
                name: "bookingPolicy.quietHours.from",
                label: t("quietHoursFrom"),
                defaultValue: policy.quietHours?.from ?? DEFAULT_QUIET_HOURS.from,
                hint: t("quietHoursHint"),
              },
              {
                kind: "time",
                name: "bookingPolicy.quietHours.to",
                label: t("quietHoursTo"),
                defaultValue: policy.quietHours?.to ?? DEFAULT_QUIET_HOURS.to,
              },
              {
                kind: "checkbox",
                name: "bookingPolicy.quietHours.none",
                label: t("quietHoursNone"),
                defaultChecked: policy.quietHours === null,
              },
              {
                kind: "checkbox",
                name: "bookingPolicy.standingBookings",
                label: t("standingBookings"),
                defaultChecked: policy.standingBookings,
                hint: t("standingBookingsHint"),
              },
              {
                kind: "number",
                name: "bookingPolicy.strikeLimit",
                label: t("strikeLimit"),
                defaultValue: policy.strikeLimit,
                min: 0,
                max: 20,
                hint: t("strikeLimitHint"),
              },
              {
                kind: "number",
                name: "bookingPolicy.strikeWindowDays",
                label: t("strikeWindowDays"),
                defaultValue: policy.strikeWindowDays,
                min: 1,
                max: 365,
                hint: t("strikeWindowDaysHint"),
              },
              {
                kind: "number",
                name: "bookingPolicy.strikeBlockDays",
                label: t("strikeBlockDays"),
                defaultValue: policy.strikeBlockDays,
                min: 1,
                max: 365,
                hint: t("strikeBlockDaysHint"),
              },
              {
                kind: "checkbox",
                name: "bookingPolicy.strikeLateCancels",
                label: t("strikeLateCancels"),
                defaultChecked: policy.strikeLateCancels,
                hint: t("strikeLateCancelsHint"),
              },
              {
                kind: "number",
                name: "bookingPolicy.guestsPerBooking",
                label: t("guestsPerBooking"),
                defaultValue: policy.guestsPerBooking,
                min: 0,
                max: 5,
                hint: t("guestsPerBookingHint"),
              },
              {
                kind: "number",
                name: "reminderHours",
                label: t("reminderHours"),
                defaultValue: account.reminderHours,
                min: 0,
                max: 168,
                hint: t("reminderHoursHint"),
              },
            ]}
            submitLabel={t("save")}
          />
        </div>
      </Section>
      <Section id="studio-profile" title={tp("heading")}>
        <p className="max-w-prose text-sm text-slate-700">
          {tp("intro")}{" "}
          <Link href={`/${account.slug}`} className="font-medium text-brand-700 underline underline-offset-2">
            {tp("viewPublic")}
          </Link>
        </p>
        <div className="max-w-xl">
          <ActionForm
            action={updateProfileAction}
            fields={[
              {
                kind: "textarea",
                name: "profile.description",
                label: tp("description"),
                defaultValue: profile.description,
                hint: tp("descriptionHint"),
                rows: 5,
              },
              {
                kind: "color",
                name: "profile.accentColor",
                label: tp("accentColor"),
                defaultValue: profile.accentColor,
                hint: tp("accentColorHint"),
              },
              {
                kind: "url",
                name: "profile.logoUrl",
                label: tp("logoUrl"),
                defaultValue: profile.logoUrl,
                hint: tp("logoUrlHint"),
                autoComplete: "off",
              },
              {
                kind: "email",
                name: "profile.contactEmail",
                label: tp("contactEmail"),
                defaultValue: profile.contactEmail,
                autoComplete: "off",
              },
              {
                kind: "url",
                name: "profile.website",
                label: tp("website"),
                defaultValue: profile.website,
                hint: tp("websiteHint"),
                autoComplete: "off",
              },
            ]}
            submitLabel={tp("save")}
          />
        </div>
      </Section>
      <Section id="studio-export" title={te("heading")}>
        <p className="max-w-prose text-sm text-slate-700">{te("intro")}</p>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <a href="/api/exports/studio.zip" className={buttonClass("secondary")} download>
            {te("download")}
          </a>
          <a href="/api/exports/studio.zip?delimiter=semicolon" className="text-sm text-brand-700 underline" download>
            {te("downloadExcel")}
          </a>
        </div>
        <p className="max-w-prose text-sm text-slate-700">{te("machineReadable")}</p>
        <p className="max-w-prose text-sm text-slate-500">{te("hint")}</p>
      </Section>
    </div>
  );
}
