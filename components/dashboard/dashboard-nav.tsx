"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { usePathname } from "next/navigation";

export const DASHBOARD_LINKS = [
  "/dashboard",
  "/dashboard/calendar",
  "/dashboard/events",
  "/dashboard/summary",
  "/dashboard/locations",
  "/dashboard/presets",
  "/dashboard/products",
  "/dashboard/seasons",
  "/dashboard/users",
  "/dashboard/groups",
  "/dashboard/orders",
  "/dashboard/settings",
] as const;

type DashboardHref = (typeof DASHBOARD_LINKS)[number];

function isCurrent(pathname: string, href: string): boolean {
  return href === "/dashboard" ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
}

/** The dashboard's links; on small screens a wrapping row, from md up a sidebar column. */
export function DashboardNav() {
  const pathname = usePathname() ?? "";
  const t = useTranslations("DashboardNav");
  const labels: Record<DashboardHref, string> = {
    "/dashboard": t("overview"),
    "/dashboard/calendar": t("calendar"),
    "/dashboard/events": t("events"),
    "/dashboard/summary": t("summary"),
    "/dashboard/locations": t("locations"),
    "/dashboard/presets": t("presets"),
    "/dashboard/products": t("products"),
    "/dashboard/seasons": t("seasons"),
    "/dashboard/users": t("people"),
    "/dashboard/groups": t("groups"),
    "/dashboard/orders": t("orders"),
    "/dashboard/settings": t("settings"),
  };
  return (
    <nav aria-label={t("label")}>
      <ul className="flex flex-wrap gap-1 md:flex-col">
        {DASHBOARD_LINKS.map((href) => {
          const current = isCurrent(pathname, href);
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={current ? "page" : undefined}
                className={`block rounded-md px-3 py-2 text-sm font-medium ${
                  current ? "bg-brand-700 text-white" : "text-slate-800 hover:bg-brand-50 hover:text-brand-900"
                }`}
              >
                {labels[href]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
