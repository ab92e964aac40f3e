import Link from "next/link";
import { notFound } from "next/navigation";
import { FillBar } from "@/components/dashboard/fill-bar";
import { formatDateTime, formatTime } from "@/components/dashboard/format";
import { StatusBadge } from "@/components/dashboard/status-badge";
import { getActiveStudio } from "@/lib/web/get-active-studio";
import { PageHeader, Section } from "@/components/forms/page-header";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { listInstanceBookings } from "@/lib/bookings/list-instance-bookings";
import { findInstanceWithEvent } from "@/lib/programme/find-instance-with-event";
import { AttendanceButtons } from "./attendance-buttons";
import { pageIdOrNotFound } from "@/lib/web/page-params";

export const dynamic = "force-dynamic";
export const metadata = { title: "Class" };

type Props = { params: Promise<{ instanceId: string }> };

const ATTENDANCE: Record<string, string> = { attended: "Attended", no_show: "No-show" };

export default async function ClassPage({ params }: Props) {
  const viewer = await requireAdministrator();
  const studio = await getActiveStudio(viewer);
  const instanceId = pageIdOrNotFound((await params).instanceId);
  const instance = await findInstanceWithEvent({ db: viewer.db, instanceId });
  if (!instance) notFound();
  const [roster, waitlist] = await Promise.all([
    listInstanceBookings({ db: viewer.db, instanceId, status: "confirmed" }),
    listInstanceBookings({ db: viewer.db, instanceId, status: "waitlisted" }),
  ]);
  const attended = roster.filter((booking) => booking.attendance === "attended").length;
  const noShows = roster.filter((booking) => booking.attendance === "no_show").length;
  const name = (user: { displayName: string; email: string }) => user.displayName || user.email;

  return (
    <>
      <p className="text-sm">
        <Link href="/dashboard/calendar" className="text-brand-700 hover:underline">
          ← Calendar
        </Link>
      </p>
      <PageHeader title={instance.event.title}>
        <span className="flex flex-wrap items-center gap-2">
          {formatDateTime(instance.startsAt, studio)}–{formatTime(instance.endsAt, studio)}
          {instance.event.location ? ` · ${instance.event.location}` : ""} <StatusBadge status={instance.status} />
        </span>
      </PageHeader>
      <div className="max-w-sm">
        <FillBar booked={instance.bookedCount} capacity={instance.capacity} waitlisted={instance.waitlistCount} />
      </div>
      <Section id="roster-heading" title={`Roster (${roster.length})`}>
        <p className="text-sm text-slate-700">
          {attended} attended · {noShows} no-show · {roster.length - attended - noShows} not marked
        </p>
        {roster.length === 0 ? (
          <p className="text-sm text-slate-600">Nobody has booked this class yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white">
            {roster.map((booking) => (
              <li key={booking.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <div>
                  <p className="font-medium text-slate-900">{name(booking.attendee)}</p>
                  <p className="text-sm text-slate-600">
                    {booking.attendee.email} · {booking.attendance ? ATTENDANCE[booking.attendance] : "Not checked in"}
                  </p>
                </div>
                <AttendanceButtons
                  instanceId={instance.id}
                  bookingId={booking.id}
                  attendee={name(booking.attendee)}
                  attendance={booking.attendance}
                />
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="waitlist-heading" title={`Waitlist (${waitlist.length})`}>
        {waitlist.length === 0 ? (
          <p className="text-sm text-slate-600">Nobody is waiting.</p>
        ) : (
          <ol className="list-inside list-decimal divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white">
            {waitlist.map((booking) => (
              <li key={booking.id} className="p-3">
                <span className="font-medium">{name(booking.attendee)}</span>{" "}
                <span className="text-sm text-slate-600">
                  {booking.attendee.email} · waiting since {formatDateTime(booking.createdAt, studio)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </Section>
    </>
  );
}
