import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { DashboardNav } from "@/components/dashboard/dashboard-nav";
import { SignOutButton } from "@/components/dashboard/sign-out-button";
import { LanguageSwitcher } from "@/components/language-switcher";
import { getActiveStudio } from "@/lib/web/get-active-studio";
import { isStaff } from "@/lib/auth/instance-permission";
import { getViewer } from "@/lib/web/viewer";
import { buttonClass } from "@/components/ui/button";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("DashboardLayout");
  return { title: { default: t("title"), template: `%s · ${t("title")}` }, robots: { index: false } };
}

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const [viewer, t] = await Promise.all([getViewer(), getTranslations("DashboardLayout")]);
  if (!viewer || !isStaff(viewer.persona)) {
    return (
      <main className="mx-auto max-w-md px-4 py-16">
        <h1 className="text-2xl font-semibold text-brand-900">{t("forAdministrators")}</h1>
        <p className="mt-4 text-slate-700">{viewer ? t("signedInAsAttendee") : t("signInAsAdministrator")}</p>
        <ul className="mt-6 flex flex-wrap gap-3">
          <li>
            <Link href="/sign-in" className={buttonClass()}>
              {t("signIn")}
            </Link>
          </li>
          <li>
            <Link href="/demo" className={buttonClass("secondary")}>
              {t("tryDemo")}
            </Link>
          </li>
        </ul>
      </main>
    );
  }
  const studio = await getActiveStudio(viewer);
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-300 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <p className="font-semibold text-brand-900">
            <Link href="/dashboard">{studio.name}</Link>
            <span className="ml-2 text-sm font-normal text-slate-600">
              {viewer.persona === "teacher"
                ? viewer.session.kind === "demo"
                  ? t("titleTeacherDemo")
                  : t("titleTeacher")
                : viewer.session.kind === "demo"
                  ? t("titleDemo")
                  : t("title")}
            </span>
          </p>
          <div className="flex items-center gap-3">
            <LanguageSwitcher />
            <SignOutButton />
          </div>
        </div>
      </header>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 md:flex-row">
        <aside className="md:w-52 md:shrink-0">
          <DashboardNav
            persona={viewer.persona === "teacher" ? "teacher" : "administrator"}
            publicHref={`/${encodeURIComponent(studio.slug)}`}
          />
        </aside>
        <main id="main" className="min-w-0 flex-1 space-y-8">
          {children}
        </main>
      </div>
    </div>
  );
}
