import Link from "next/link";
import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { FillBar } from "@/components/dashboard/fill-bar";
import { StatusBadge } from "@/components/dashboard/status-badge";
import type { DashboardClass } from "@/lib/admin/list-classes";
import { shownInstanceStatus } from "@/lib/programme/shown-instance-status";
import { CapacityForm } from "./capacity-form";
import { InstanceActions } from "./instance-actions";
import { FocusOnOpen, NewClassForm, TeachersForm } from "./panel-forms";
import { buttonClass } from "@/components/ui/button";
import { HeldPlace } from "@/components/dashboard/held-place";
import type { PanelHeldPlace } from "./held-places";

const HEADING_ID = "calendar-panel-heading";

/** The side panel's frame: a heading that takes focus when it opens, a close link, the content. */
function Panel({
  title,
  closeHref,
  openKey,
  children,
}: {
  title: string;
  closeHref: string;
  openKey: string;
  children: ReactNode;
}) {
  const t = useTranslations("Calendar");
  return (
    <aside
      aria-labelledby={HEADING_ID}
      className="space-y-4 rounded-lg border border-slate-300 bg-white p-4 shadow-sm lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:overflow-y-auto"
    >
      <FocusOnOpen targetId={HEADING_ID} openKey={openKey} />
      <div className="flex items-start justify-between gap-2">
        <h2 id={HEADING_ID} tabIndex={-1} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <Link
          href={closeHref}
          className="flex min-h-11 shrink-0 items-center rounded-md px-3 text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          {t("close")}
        </Link>
      </div>
      {children}
    </aside>
  );
}

export type ClassPanelProps = {
  item: DashboardClass;
  /** The places held for offers (taken, not yet booked), each named with until when. */
  held: PanelHeldPlace[];
  closeHref: string;
  /** "onsdag 25. november, 10:00–11:00" in the studio's zone. */
  when: string;
  teachers: string;
  substitute: boolean;
  /** Was moved from (day and time), when moved. */
  movedFrom?: string;
  startsAtLocal: string;
  /** The studio's time zone as the page names it: "Central European Time", "Centraleuropæisk tid". */
  zoneName: string;
  staff: { id: string; name: string }[];
  groups: { id: string; name: string }[];
};

/** One class: what it is, who teaches it and how full, and every change a desk makes to it. */
export function ClassPanel(props: ClassPanelProps) {
  const t = useTranslations("Calendar");
  const { instance, title, location } = props.item;
  const live = instance.status !== "cancelled";
  return (
    <Panel title={title} closeHref={props.closeHref} openKey={instance.id}>
      <div className="space-y-1 text-sm text-slate-800">
        <p className="flex flex-wrap items-center gap-2">
          <span>{props.when}</span> <StatusBadge status={shownInstanceStatus(instance, new Date())} />
        </p>
        {props.movedFrom ? <p>{t("movedFrom", { was: props.movedFrom })}</p> : null}
        {location ? <p>{location}</p> : null}
        <p>
          {props.teachers
            ? props.substitute
              ? t("substituteTeaches", { names: props.teachers })
              : t("teaches", { names: props.teachers })
            : t("noTeacher")}
        </p>
      </div>
      {live ? (
        <FillBar
          booked={instance.bookedCount}
          capacity={instance.capacity}
          waitlisted={instance.waitlistCount - props.held.length}
          held={props.held.length}
        />
      ) : null}
      {live && props.held.length > 0 ? (
        <ul aria-label={t("heldPlaces")} className="space-y-1 rounded-md bg-amber-50 p-3 text-sm text-slate-800">
          {props.held.map((place) => (
            <li key={place.bookingId}>
              <HeldPlace attendee={place.name} until={place.until} href={`/dashboard/users/${place.attendeeId}`} />
            </li>
          ))}
        </ul>
      ) : null}
      <Link href={`/dashboard/classes/${instance.id}`} className={buttonClass("primary", "form", "w-full")}>
        {t("openRoster")}
      </Link>
      {live ? (
        <>
          <TeachersForm instanceId={instance.id} teacherIds={instance.teacherIds} staff={props.staff} />
          <CapacityForm
            instanceId={instance.id}
            capacity={instance.capacity}
            booked={instance.bookedCount}
            label={t("capacity")}
            hint={t("capacityHint")}
            submitLabel={t("saveCapacity")}
          />
        </>
      ) : null}
      <InstanceActions
        instanceId={instance.id}
        title={title}
        status={instance.status}
        startsAtLocal={props.startsAtLocal}
        zoneName={props.zoneName}
        audience={instance.audience}
        groupIds={instance.groupIds}
        groups={props.groups}
        peopleBooked={instance.bookedCount + instance.waitlistCount}
      />
    </Panel>
  );
}

/** A new one-off class at the chosen time, or a pointer to where classes are defined when there are none. */
export function NewClassPanel(props: {
  closeHref: string;
  returnTo: string;
  startsAtLocal: string;
  when: string;
  /** The studio's time zone as the page names it: "Central European Time", "Centraleuropæisk tid". */
  zoneName: string;
  events: { id: string; label: string }[];
}) {
  const t = useTranslations("Calendar");
  return (
    <Panel title={t("newClass")} closeHref={props.closeHref} openKey={`new-${props.startsAtLocal}`}>
      <p className="text-sm text-slate-700">{t("newClassIntro", { when: props.when })}</p>
      {props.events.length === 0 ? (
        <p className="text-sm text-slate-700">
          <Link href="/dashboard/events" className="text-brand-700 underline underline-offset-2">
            {t("defineClassFirst")}
          </Link>
        </p>
      ) : (
        <NewClassForm
          startsAtLocal={props.startsAtLocal}
          zoneName={props.zoneName}
          events={props.events}
          returnTo={props.returnTo}
        />
      )}
    </Panel>
  );
}
