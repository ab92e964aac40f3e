import { pageFormat } from "@/lib/i18n/page-language";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { formatMinutes, formatTimeRange } from "@/lib/format/dates";
import { ClassAction, offersWaitlist, type ClassActionProps } from "./class-action";

export type ClassRowProps = Omit<ClassActionProps, "instance" | "label"> & {
  instance: ClassActionProps["instance"] & { status: string };
  event: { title: string; location: string };
  teachers: string[];
  /** The day in running text, for the class's label: "mandag 23. november". */
  dayHeading: string;
  /**
   * The course the class is part of (its page), marked "Part of a course"; unless `dropIns`, a class
   * of a course is booked by enrolling, so its button leads to the course.
   */
  course?: { href: string; dropIns: boolean };
};

/**
 * One class of the schedule: its time (a column of its own on a wide screen), title (a link to the
 * class page), teachers and place, places left and what booking would do.
 */
export async function ClassRow(props: ClassRowProps) {
  const { instance, event, account, now } = props;
  const t = await getTranslations("Schedule");
  const where = await pageFormat(account);
  const time = formatTimeRange(instance.startsAt, instance.endsAt, where);
  const minutes = Math.round((instance.endsAt.getTime() - instance.startsAt.getTime()) / 60_000);
  const spotsLeft = Math.max(instance.capacity - instance.bookedCount, 0);
  const started = instance.startsAt.getTime() <= now.getTime();
  const { signedIn, booking, decision } = props;
  const waitlistOffered = offersWaitlist({ waitlistEnabled: account.waitlistEnabled, signedIn, booking, decision });

  return (
    <li className="grid grid-cols-1 gap-x-6 gap-y-1 py-3 sm:grid-cols-[minmax(0,1fr)_auto] lg:grid-cols-[8.5rem_minmax(0,1fr)_11rem_auto]">
      <p className="text-sm font-medium tabular-nums text-slate-700 lg:pt-0.5 lg:text-base lg:text-slate-900">
        <time dateTime={instance.startsAt.toISOString()}>{time}</time>
        <span className="text-slate-600 lg:block lg:text-sm lg:font-normal">
          <span className="lg:hidden"> · </span>
          {formatMinutes(minutes, where.locale)}
        </span>
        {instance.status === "moved" && (
          <>
            {" "}
            <Badge tone="warning">{t("moved")}</Badge>
          </>
        )}
      </p>
      <div className="min-w-0 sm:col-start-1 lg:col-start-2 lg:row-start-1">
        <h3 className="text-lg font-semibold leading-snug text-slate-900">
          <Link
            href={`/${account.slug}/classes/${instance.id}`}
            className="underline decoration-slate-300 underline-offset-4 hover:text-brand-800 hover:decoration-brand-700"
          >
            {event.title}
          </Link>
        </h3>
        <p className="text-sm text-slate-700">
          {[props.teachers.join(", "), event.location].filter(Boolean).join(" · ")}
        </p>
        {props.course && (
          <p className="mt-1">
            <Badge tone="neutral">{t("partOfCourse")}</Badge>
          </p>
        )}
      </div>
      {!started && (
        <p
          className={`text-sm sm:col-start-1 lg:col-start-3 lg:row-start-1 lg:pt-1 ${spotsLeft === 0 ? "font-medium text-amber-800" : "text-slate-700"}`}
        >
          {spotsLeft === 0
            ? waitlistOffered
              ? t("fullJoinWaitlist")
              : t("full")
            : t("placesLeft", { count: spotsLeft })}
        </p>
      )}
      <div className="mt-1 sm:col-start-2 sm:row-span-3 sm:row-start-1 sm:mt-0 lg:col-start-4 lg:row-span-1">
        {props.course && !props.course.dropIns && !booking && !started ? (
          <Link href={props.course.href} className={buttonClass("secondary", "sm")}>
            {t("seeCourse")}
            <span className="sr-only">: {`${event.title}, ${props.dayHeading} ${time}`}</span>
          </Link>
        ) : (
          <ClassAction {...props} label={`${event.title}, ${props.dayHeading} ${time}`} />
        )}
      </div>
    </li>
  );
}
