import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { withdrawalWords } from "@/lib/withdrawals/withdrawal-words";
import { cache } from "react";
import { StudioHeader } from "@/components/schedule/studio-header";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import {
  getPublicCourseOrThrow,
  listBookedClasses,
  type CourseClassDate,
  type PublicCourse,
} from "@/lib/commerce/get-public-course";
import { formatDateRange, formatDayHeading, formatMinutes, formatTimeRange } from "@/lib/format/dates";
import { formatMoney } from "@/lib/format/money";
import { studioDate } from "@/lib/studio-time/studio-date";
import { pageFormat } from "@/lib/i18n/page-language";
import type { Zoned } from "@/lib/format/dates";
import type { PersonAuth } from "@/lib/auth/authenticate-credential";
import { studioMember } from "@/lib/web/studio-member";
import { signOutAction } from "../../actions";
import { productTexts, summaryHref } from "../../passes/product-text";
import { orNotFound, signInHref } from "../../studio";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ slug: string; productId: string }> };

/** The course of a page, once per request (metadata and page share it); 404 page when the public may not see it. */
const getCourse = cache((slug: string, productId: string) => orNotFound(getPublicCourseOrThrow({ slug, productId })));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug, productId } = await params;
  const [{ account, product, event }, t] = await Promise.all([
    getCourse(slug, productId),
    getTranslations("PublicCourse"),
  ]);
  return {
    title: t("metaTitle", { name: product.name, studio: account.name }),
    description: (product.description || event.description).slice(0, 200) || undefined,
  };
}

/**
 * A course's own page (issue 32 §4): every date, who teaches, where, the price and the seats left;
 * "Enrol" opens the order summary of a price (signing in first, as buying a pass does), and "Try
 * one class" the next class with a free place when the event allows single bookings. A member
 * enrolled already reads that they are, with their bookings one tap away.
 */
export default async function CoursePage({ params }: Props) {
  const [{ slug, productId }, t, { rightText }] = await Promise.all([
    params,
    getTranslations("PublicCourse"),
    withdrawalWords(),
  ]);
  const [found, viewer] = await Promise.all([getCourse(slug, productId), studioMember(slug)]);
  const { account, product, event, classes } = found;
  const where = await pageFormat(account);
  const now = new Date();
  const booked = viewer
    ? await listBookedClasses(
        viewer.db,
        viewer.userId,
        classes.map((lesson) => lesson.id),
      )
    : new Set<string>();
  const ahead = classes.filter((lesson) => lesson.startsAt > now);
  const enrolled = viewer !== undefined && ahead.length > 0 && ahead.every((lesson) => booked.has(lesson.id));
  const path = `/${account.slug}/courses/${product.id}`;

  return (
    <>
      <StudioHeader
        studio={account}
        current="passes"
        signedIn={viewer !== undefined}
        signOut={signOutAction.bind(null, account.slug)}
        signInHref={signInHref(account.slug, path)}
        wide
      />
      <main className="mx-auto max-w-3xl px-4 pb-16 pt-4 lg:max-w-5xl">
        <Link
          href={`/${account.slug}/passes#courses`}
          className="-mx-2 inline-flex min-h-11 items-center gap-1 rounded-md px-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          <span aria-hidden="true">‹</span>
          {t("backToPasses")}
        </Link>
        <div className="mt-2 lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-x-12">
          <div className="lg:col-start-1">
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{t("eyebrow")}</p>
            <h1 className="mt-1 text-3xl font-semibold leading-tight text-brand-900">{product.name}</h1>
            <p className="mt-2 text-lg text-slate-800">{courseSpan(found, where, t)}</p>
            <p className="mt-1 text-sm text-slate-700">{rightText(product)}</p>
            <CourseFacts found={found} where={where} now={now} />
          </div>
          <aside
            aria-labelledby="enrol-heading"
            className="mt-6 self-start rounded-lg border border-slate-200 bg-white p-4 shadow-sm lg:col-start-2 lg:row-span-3 lg:row-start-1 lg:mt-1"
          >
            <h2 id="enrol-heading" className="text-base font-semibold text-slate-900">
              {t("enrolment")}
            </h2>
            <EnrolBox found={found} viewer={viewer} enrolled={enrolled} />
          </aside>
          {(product.description || event.description) && (
            <section aria-labelledby="about-heading" className="mt-8 lg:col-start-1">
              <h2 id="about-heading" className="text-lg font-semibold text-slate-900">
                {t("about")}
              </h2>
              {[product.description, event.description].filter(Boolean).map((text) => (
                <p key={text} className="mt-2 whitespace-pre-line leading-relaxed text-slate-800">
                  {text}
                </p>
              ))}
            </section>
          )}
          <section aria-labelledby="dates-heading" className="mt-8 lg:col-start-1">
            <h2 id="dates-heading" className="text-lg font-semibold text-slate-900">
              {t("dates")}
            </h2>
            <ol className="mt-2 divide-y divide-slate-100 border-y border-slate-200">
              {classes.map((lesson, index) => (
                <CourseDate
                  key={lesson.id}
                  lesson={lesson}
                  number={index + 1}
                  slug={account.slug}
                  where={where}
                  booked={booked.has(lesson.id)}
                  now={now}
                />
              ))}
            </ol>
          </section>
        </div>
      </main>
    </>
  );
}

type CourseTranslator = Awaited<ReturnType<typeof getTranslations<"PublicCourse">>>;

/** "6 classes · 1.–5. jan. 2027": how many and from when to when. */
function courseSpan({ account, course }: PublicCourse, where: Zoned, t: CourseTranslator): string {
  const span =
    course.firstStartsAt && course.lastStartsAt
      ? formatDateRange(
          studioDate(course.firstStartsAt, account.timezone),
          studioDate(course.lastStartsAt, account.timezone),
          where,
        )
      : "";
  return [t("classes", { count: course.classes }), span].filter(Boolean).join(" · ");
}

/** Who teaches, where (with the address), how long each class is, seats left. */
async function CourseFacts({ found, where, now }: { found: PublicCourse; where: Zoned; now: Date }) {
  const [t, tClass, tSchedule] = await Promise.all([
    getTranslations("PublicCourse"),
    getTranslations("PublicClass"),
    getTranslations("Schedule"),
  ]);
  const { teachers, location, event, course, classes } = found;
  const started = classes.every((lesson) => lesson.startsAt <= now);
  const facts: { term: string; value: React.ReactNode }[] = [];
  if (teachers.length > 0)
    facts.push({ term: teachers.length === 1 ? tClass("teacher") : tClass("teachers"), value: teachers.join(", ") });
  if (location)
    facts.push({
      term: tClass("where"),
      value: (
        <>
          {location.name}
          {location.address && <span className="block whitespace-pre-line text-slate-700">{location.address}</span>}
        </>
      ),
    });
  facts.push({ term: t("eachClass"), value: formatMinutes(event.durationMinutes, where.locale) });
  if (!started)
    facts.push({
      term: t("seats"),
      value: (
        <span className={course.seatsLeft === 0 ? "font-medium text-amber-800" : undefined}>
          {course.seatsLeft === 0 ? tSchedule("full") : tSchedule("placesLeft", { count: course.seatsLeft })}
        </span>
      ),
    });
  return (
    <dl className="mt-6 grid grid-cols-2 gap-x-6 gap-y-4 border-y border-slate-200 py-4">
      {facts.map(({ term, value }) => (
        <div key={term}>
          <dt className="text-sm font-medium text-slate-600">{term}</dt>
          <dd className="mt-0.5 text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The box beside the course: each price with "Enrol" (to its order summary; signed out, through
 * sign-in), or why not (enrolled already, full, closed), and "Try one class" where drop-ins are allowed.
 */
async function EnrolBox({
  found,
  viewer,
  enrolled,
}: {
  found: PublicCourse;
  viewer: PersonAuth | undefined;
  enrolled: boolean;
}) {
  const [t, { ageText, priceText }] = await Promise.all([getTranslations("PublicCourse"), productTexts()]);
  const { account, product, course, enrolmentOpen, trialClassId } = found;
  const canEnrol = enrolmentOpen && course.seatsLeft > 0 && !enrolled;
  const trialHref = trialClassId ? `/${account.slug}/classes/${trialClassId}` : null;
  return (
    <div className="mt-3 space-y-4">
      {enrolled && (
        <Notice tone="success" className="text-sm">
          {t("enrolled")}{" "}
          <Link href={`/${account.slug}/me`} className="font-medium underline">
            {t("seeMyBookings")}
          </Link>
        </Notice>
      )}
      <ul className="divide-y divide-slate-100">
        {product.prices.map((price) => {
          const amount = formatMoney(price.amount, price.currency, account.locale);
          // a price paid in instalments reads "3 × 300 kr. om måneden", its whole amount under it
          const label = price.instalments ? priceText(price, account.locale) : amount;
          const age = ageText(price.minAge, price.maxAge);
          // Paying lands on My bookings, which then lists every class of the course.
          const summary = summaryHref(account.slug, {
            productId: product.id,
            priceId: price.id,
            returnTo: `/${account.slug}/me?enrolled=1`,
          });
          return (
            <li key={price.id} className="flex flex-col gap-3 py-3 first:pt-0">
              <p>
                <span className="text-2xl font-semibold tabular-nums text-slate-900">{label}</span>
                {age && <span className="ml-2 text-sm text-slate-700">{age}</span>}
                <span className="block text-sm text-slate-600">
                  {price.instalments
                    ? t("wholeCourseInInstalments", { total: amount, count: price.instalments })
                    : t("wholeCourse")}
                </span>
              </p>
              {canEnrol && (
                <Link
                  href={viewer ? summary : signInHref(account.slug, summary)}
                  aria-label={t("enrolLabel", { label: `${product.name}, ${label}` })}
                  className={buttonClass("primary", "md", "w-full")}
                >
                  {t("enrol")}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
      {!enrolled && (
        <p className="text-sm text-slate-700">
          {!enrolmentOpen
            ? t("closed")
            : course.seatsLeft === 0
              ? t("full")
              : viewer
                ? t("enrolsInAll", { count: course.classes })
                : t("signInFirst")}
        </p>
      )}
      {trialHref && !enrolled && (
        <div className="border-t border-slate-100 pt-4">
          <h3 className="text-sm font-semibold text-slate-900">{t("tryFirst")}</h3>
          <p className="mt-1 text-sm text-slate-700">{t("tryFirstText")}</p>
          <Link href={trialHref} className={buttonClass("secondary", "md", "mt-3 w-full")}>
            {t("tryOneClass")}
          </Link>
        </div>
      )}
    </div>
  );
}

/** One date of the course: its number, day and time (a link to the class), moved, booked or over. */
async function CourseDate({
  lesson,
  number,
  slug,
  where,
  booked,
  now,
}: {
  lesson: CourseClassDate;
  number: number;
  slug: string;
  where: Zoned;
  booked: boolean;
  now: Date;
}) {
  const [t, tSchedule] = await Promise.all([getTranslations("PublicCourse"), getTranslations("Schedule")]);
  const over = lesson.endsAt <= now;
  return (
    <li className={`flex flex-wrap items-center gap-x-3 gap-y-1 py-3 ${over ? "text-slate-500" : ""}`}>
      <span className="w-8 shrink-0 text-sm tabular-nums text-slate-600" aria-hidden="true">
        {number}.
      </span>
      <Link
        href={`/${slug}/classes/${lesson.id}`}
        className="min-w-0 flex-1 font-medium text-slate-900 underline decoration-slate-300 underline-offset-4 hover:text-brand-800"
      >
        <span className="sr-only">{t("classNumber", { number })} </span>
        {formatDayHeading(studioDate(lesson.startsAt, where.zone), where)}{" "}
        <time dateTime={lesson.startsAt.toISOString()} className="whitespace-nowrap font-normal tabular-nums">
          {formatTimeRange(lesson.startsAt, lesson.endsAt, where)}
        </time>
      </Link>
      {lesson.status === "moved" && <Badge tone="warning">{tSchedule("moved")}</Badge>}
      {booked && <Badge tone="success">{t("booked")}</Badge>}
      {over && !booked && <span className="text-sm">{tSchedule("ended")}</span>}
    </li>
  );
}
