"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

export const DASHBOARD_LINKS = [
  { href: "/dashboard", label: "Overview" },
  { href: "/dashboard/calendar", label: "Calendar" },
  { href: "/dashboard/events", label: "Events & series" },
  { href: "/dashboard/summary", label: "Summary" },
  { href: "/dashboard/locations", label: "Locations" },
  { href: "/dashboard/presets", label: "Class lengths" },
  { href: "/dashboard/products", label: "Products" },
  { href: "/dashboard/seasons", label: "Seasons" },
  { href: "/dashboard/users", label: "People" },
  { href: "/dashboard/groups", label: "Groups" },
  { href: "/dashboard/orders", label: "Orders" },
  { href: "/dashboard/settings", label: "Settings" },
] as const;

function isCurrent(pathname: string, href: string): boolean {
  return href === "/dashboard" ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
}

/** The dashboard's links; on small screens a wrapping row, from md up a sidebar column. */
export function DashboardNav() {
  const pathname = usePathname() ?? "";
  return (
    <nav aria-label="Dashboard">
      <ul className="flex flex-wrap gap-1 md:flex-col">
        {DASHBOARD_LINKS.map((link) => {
          const current = isCurrent(pathname, link.href);
          return (
            <li key={link.href}>
              <Link
                href={link.href}
                aria-current={current ? "page" : undefined}
                className={`block rounded-md px-3 py-2 text-sm font-medium ${
                  current ? "bg-brand-700 text-white" : "text-slate-800 hover:bg-brand-50 hover:text-brand-900"
                }`}
              >
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
