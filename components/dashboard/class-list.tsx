import Link from "next/link";
import type { DashboardClass } from "@/lib/admin/list-classes";
import type { Studio } from "@/lib/web/get-active-studio";
import { FillBar } from "./fill-bar";
import { formatTime } from "./format";
import { StatusBadge } from "./status-badge";

/** Classes as rows: time, title (linking to the roster), location, status and fill rate. */
export function ClassList({ classes, studio, empty }: { classes: DashboardClass[]; studio: Studio; empty: string }) {
  if (classes.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white">
      {classes.map(({ instance, title, location }) => (
        <li key={instance.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
          <div className="min-w-0">
            <p className="font-medium text-slate-900">
              <span className="tabular-nums">{formatTime(instance.startsAt, studio)}</span>{" "}
              <Link
                href={`/dashboard/classes/${instance.id}`}
                className="text-brand-700 underline-offset-2 hover:underline"
              >
                {title}
              </Link>
            </p>
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
              {location ? <span>{location}</span> : null}
              {instance.status === "moved" ? <StatusBadge status="moved" /> : null}
            </p>
          </div>
          {instance.status === "cancelled" ? (
            <StatusBadge status="cancelled" />
          ) : (
            <FillBar booked={instance.bookedCount} capacity={instance.capacity} waitlisted={instance.waitlistCount} />
          )}
        </li>
      ))}
    </ul>
  );
}
