"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { usePathname } from "next/navigation";
import { useState } from "react";

/** The administrator's menu: the overview, then four groups (schedule, people, sales, settings). */
export const DASHBOARD_GROUPS = [
  { group: null, links: ["/dashboard"] },
  { group: "schedule", links: ["/dashboard/calendar", "/dashboard/events", "/dashboard/seasons"] },
  { group: "people", links: ["/dashboard/users", "/dashboard/groups"] },
  {
    group: "sales",
    links: ["/dashboard/products", "/dashboard/promo-codes", "/dashboard/orders", "/dashboard/summary"],
  },
  {
    group: "settings",
    links: [
      "/dashboard/settings",
      "/dashboard/settings/payments",
      "/dashboard/settings/import",
      "/dashboard/settings/accounting",
      "/dashboard/settings/terms",
      "/dashboard/locations",
      "/dashboard/presets",
      "/dashboard/api-keys",
      "/dashboard/webhooks",
    ],
  },
] as const;

export const DASHBOARD_LINKS = DASHBOARD_GROUPS.flatMap(({ links }) => links);

type DashboardHref = (typeof DASHBOARD_LINKS)[number];

function isCurrent(pathname: string, href: string): boolean {
  return href === "/dashboard" ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
}

/** The menu's link for the page: the longest that matches (the Payments page, not Settings above it). */
function currentLink(pathname: string): DashboardHref | undefined {
  return [...DASHBOARD_LINKS].sort((a, b) => b.length - a.length).find((href) => isCurrent(pathname, href));
}

function NavLink({
  href,
  label,
  current,
  onClick,
}: {
  href: string;
  label: string;
  current: boolean;
  onClick?: () => void;
}) {
  return (
    <Link
      href={href}
      onClick={onClick}
      aria-current={current ? "page" : undefined}
      className={`flex min-h-11 items-center rounded-md px-3 py-2 text-sm font-medium md:min-h-0 ${
        current ? "bg-brand-700 text-white" : "text-slate-800 hover:bg-brand-50 hover:text-brand-900"
      }`}
    >
      {label}
    </Link>
  );
}

/**
 * The dashboard's menu. An administrator's is grouped; a teacher's holds only their classes. On a
 * phone it folds behind a "Menu" button (the current page named on it); from md up a sidebar column.
 */
export function DashboardNav({
  persona = "administrator",
  publicHref,
}: {
  persona?: "administrator" | "teacher";
  /** The studio's public page (its schedule), linked at the foot of the menu. */
  publicHref: string;
}) {
  const pathname = usePathname() ?? "";
  const t = useTranslations("DashboardNav");
  const [open, setOpen] = useState(false);
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
    "/dashboard/promo-codes": t("promoCodes"),
    "/dashboard/settings": t("settings"),
    "/dashboard/settings/payments": t("payments"),
    "/dashboard/settings/import": t("import"),
    "/dashboard/settings/accounting": t("accounting"),
    "/dashboard/settings/terms": t("terms"),
    "/dashboard/api-keys": t("apiKeys"),
    "/dashboard/webhooks": t("webhooks"),
  };
  const groupNames = {
    schedule: t("groupSchedule"),
    people: t("groupPeople"),
    sales: t("groupSales"),
    settings: t("groupSettings"),
  };
  const publicLink = (
    <Link
      href={publicHref}
      className="flex min-h-11 items-center rounded-md px-3 py-2 text-sm font-medium text-brand-700 underline underline-offset-2 hover:bg-brand-50 md:min-h-0"
    >
      {t("publicPage")} <span aria-hidden="true">&nbsp;↗</span>
    </Link>
  );
  if (persona === "teacher") {
    return (
      <nav aria-label={t("label")}>
        <ul className="flex flex-wrap gap-1 md:flex-col">
          <li>
            <NavLink href="/dashboard" label={t("myClasses")} current={pathname === "/dashboard"} />
          </li>
          <li>{publicLink}</li>
        </ul>
      </nav>
    );
  }
  const currentHref = currentLink(pathname);
  return (
    <nav aria-label={t("label")}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls="dashboard-menu"
        onClick={() => setOpen(!open)}
        className="flex min-h-11 w-full items-center justify-between rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-900 md:hidden"
      >
        <span>
          {t("menu")}
          {currentHref ? <span className="font-normal text-slate-600"> · {labels[currentHref]}</span> : null}
        </span>
        <span aria-hidden="true">{open ? "▴" : "▾"}</span>
      </button>
      <div
        id="dashboard-menu"
        className={`${open ? "block" : "hidden"} mt-2 space-y-4 rounded-md border border-slate-300 bg-white p-2 md:mt-0 md:block md:border-0 md:bg-transparent md:p-0`}
      >
        {DASHBOARD_GROUPS.map(({ group, links }) => (
          <div key={group ?? "home"}>
            {group ? (
              <p
                id={`nav-group-${group}`}
                className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600"
              >
                {groupNames[group]}
              </p>
            ) : null}
            <ul aria-labelledby={group ? `nav-group-${group}` : undefined} className="space-y-0.5">
              {links.map((href) => (
                <li key={href}>
                  <NavLink
                    href={href}
                    label={labels[href]}
                    current={href === currentHref}
                    onClick={() => setOpen(false)}
                  />
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div className="border-t border-slate-200 pt-2">{publicLink}</div>
      </div>
    </nav>
  );
}
