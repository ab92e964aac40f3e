import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/forms/page-header";
import { studioDate } from "@/lib/studio-time/studio-date";
import { zoneName } from "@/lib/format/timezones";
import { listDurationPresets } from "@/lib/programme/list-duration-presets";
import { listLocationChoices } from "@/lib/programme/location-choices";
import { listStaff } from "@/lib/users/list-staff";
import { getActiveStudio } from "@/lib/web/get-active-studio";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { WeeklyClassForm } from "../weekly-class-form";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("NewWeeklyClassPage");
  return { title: t("title") };
}

/** "Add a weekly class": a class and its weekly times in one form (the setup checklist links here). */
export default async function NewWeeklyClassPage() {
  const [viewer, t] = await Promise.all([requireAdministrator(), getTranslations("NewWeeklyClassPage")]);
  const studio = await getActiveStudio(viewer);
  const [presets, locations, staff] = await Promise.all([
    listDurationPresets({ db: viewer.db }),
    listLocationChoices({ db: viewer.db }),
    listStaff({ db: viewer.db, accountId: viewer.accountId, alsoIds: [] }),
  ]);
  const choices = {
    presets: presets.filter((p) => p.status === "active").map((p) => ({ name: p.name, minutes: p.minutes })),
    ...locations,
    teachers: staff,
  };
  return (
    <div className="space-y-6">
      <Link href="/dashboard/events" className="text-sm text-brand-700 underline">
        {t("allClasses")}
      </Link>
      <PageHeader title={t("title")}>{t("intro", { zone: zoneName(studio.timezone, studio.formatLocale) })}</PageHeader>
      <WeeklyClassForm
        choices={choices}
        timezone={studio.timezone}
        locale={studio.formatLocale}
        today={studioDate(new Date(), studio.timezone)}
      />
    </div>
  );
}
