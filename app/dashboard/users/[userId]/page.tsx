import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ActionForm } from "@/components/forms/action-form";
import { PageHeader, Section } from "@/components/forms/page-header";
import { BarChart } from "@/components/dashboard/bar-chart";
import { formatDate, formatDateTime, formatLocalDate, formatMoney, formatPercent } from "@/components/dashboard/format";
import { StackedTable } from "@/components/dashboard/stacked-table-view";
import { PERSONAS, type Persona } from "@/lib/auth/persona";
import { attendanceRate, weeklyAttendance } from "@/lib/bookings/attendance-rate";
import { listPersonBookings } from "@/lib/bookings/list-person-bookings";
import { listPersonEntitlements } from "@/lib/commerce/list-person-entitlements";
import { listPersonOrders } from "@/lib/commerce/list-person-orders";
import { listProducts } from "@/lib/commerce/list-products";
import { AppError } from "@/lib/errors";
import { listUpcomingClasses } from "@/lib/programme/list-upcoming-classes";
import { serializeEntitlement } from "@/lib/schemas/entitlement";
import { getPerson } from "@/lib/users/get-person";
import { getActiveStudio } from "@/lib/web/get-active-studio";
import { pageIdOrNotFound } from "@/lib/web/page-params";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { studioDate } from "@/lib/format/studio-date";
import { runningOrComingPause } from "@/lib/commerce/entitlement-pause";
import { getStatusWords } from "@/lib/i18n/status-words";
import { bookIntoClassAction, changePersonaAction, grantPassAction, removeMembershipAction } from "../actions";
import { MembershipControls } from "./membership-controls";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ userId: string }> };

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far ahead the desk's class picker reaches. */
const BOOKABLE_DAYS = 21;
/** Past bookings shown (newest first). */
const PAST_SHOWN = 25;
const CHART_WEEKS = 8;
const LIVE = new Set(["confirmed", "waitlisted"]);

async function personOrNotFound(props: Props) {
  const viewer = await requireAdministrator();
  const userId = pageIdOrNotFound((await props.params).userId);
  const person = await getPerson({ db: viewer.db, userId }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  });
  return { viewer, person };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { person } = await personOrNotFound(props);
  return { title: person.displayName };
}

export default async function PersonPage(props: Props) {
  const { viewer, person } = await personOrNotFound(props);
  const t = await getTranslations("PersonPage");
  const now = new Date();
  const [studio, bookings, entitlements, orders, products, classes, words] = await Promise.all([
    getActiveStudio(viewer),
    listPersonBookings({ db: viewer.db, userId: person.id }),
    listPersonEntitlements({ db: viewer.db, userId: person.id }),
    listPersonOrders({ db: viewer.db, userId: person.id }),
    listProducts({ db: viewer.db }),
    listUpcomingClasses({ db: viewer.db, from: now, to: new Date(now.getTime() + BOOKABLE_DAYS * DAY_MS) }),
    getStatusWords(),
  ]);
  const personaNames: Record<Persona, string> = {
    attendee: t("attendee"),
    teacher: t("teacher"),
    administrator: t("administrator"),
  };
  const productName = new Map(products.map((product) => [product.id, product.name]));
  const subscriptionIds = new Set(products.filter((product) => product.type === "subscription").map((p) => p.id));
  const today = studioDate(now, studio.timezone);

  const dated = bookings.map((booking) => ({ ...booking, startsAt: booking.instance.startsAt }));
  const rate = attendanceRate(dated, now);
  const weeks = weeklyAttendance(dated, now, CHART_WEEKS);
  const upcoming = bookings.filter((b) => b.instance.startsAt >= now && LIVE.has(b.status));
  const past = bookings.filter((b) => b.instance.startsAt < now).reverse();
  const passes = entitlements.map((entitlement) => ({ entitlement, dto: serializeEntitlement(entitlement, now) }));
  const activePasses = passes.filter((pass) => pass.dto.status === "active");
  const unlimited = activePasses.some((pass) => pass.dto.remainingClasses === null);
  const anyMembership = passes.some(({ entitlement }) => subscriptionIds.has(entitlement.productId));
  const creditsLeft = activePasses.reduce((sum, pass) => sum + (pass.dto.remainingClasses ?? 0), 0);

  const booked = new Set(upcoming.map((b) => b.instanceId));
  const classOptions = classes
    .filter((instance) => !booked.has(instance.id))
    .map((instance) => ({
      value: instance.id,
      label: t("classOption", { when: formatDateTime(instance.startsAt, studio), title: instance.event.title }),
    }));
  const offerGroups = products
    .filter((product) => product.status !== "archived" && product.prices.length > 0)
    .map((product) => ({
      label: product.name,
      options: product.prices.map((price) => {
        const amount = formatMoney(price.amount, price.currency, studio.locale);
        const ages =
          price.minAge !== null && price.maxAge !== null
            ? t("agesBetween", { min: price.minAge, max: price.maxAge })
            : price.minAge !== null
              ? t("agesFrom", { min: price.minAge })
              : price.maxAge !== null
                ? t("agesUpTo", { max: price.maxAge })
                : null;
        return {
          value: `${product.id}/${price.id}`,
          label: ages
            ? t("priceWithAges", { product: product.name, amount, ages })
            : t("price", { product: product.name, amount }),
        };
      }),
    }));
  const self = person.id === viewer.userId;
  const when = (instant: Date) => formatDateTime(instant, studio);

  return (
    <div className="space-y-8">
      <p>
        <Link href="/dashboard/users" className="text-sm text-brand-700 underline">
          {t("back")}
        </Link>
      </p>
      <PageHeader title={person.displayName} />
      <dl className="grid gap-x-8 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr]">
        <div>
          <dt className="text-slate-600">{t("email")}</dt>
          <dd className="font-medium [overflow-wrap:anywhere] text-slate-900">{person.email}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t("role")}</dt>
          <dd className="font-medium text-slate-900">{personaNames[person.persona] ?? person.persona}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t("dateOfBirth")}</dt>
          <dd className="font-medium text-slate-900">
            {person.dateOfBirth
              ? formatLocalDate(person.dateOfBirth.toISOString().slice(0, 10), studio)
              : t("notGiven")}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t("status")}</dt>
          <dd className="font-medium text-slate-900">
            {person.status === "invited"
              ? t("statusInvited")
              : person.status === "disabled"
                ? t("statusDisabled")
                : t("statusActive")}
          </dd>
        </div>
      </dl>

      <ul className="grid gap-3 sm:grid-cols-3" aria-label={t("figures")}>
        <li className="rounded-lg border border-slate-300 bg-white p-4">
          <p className="text-sm text-slate-600">{t("attendanceRate")}</p>
          <p className="text-2xl font-semibold text-slate-900 tabular-nums">
            {rate.rate === null ? "—" : formatPercent(rate.rate, studio.locale)}
          </p>
          <p className="text-sm text-slate-700">
            {rate.rate === null
              ? t("noMarks")
              : t("attendanceCounts", { attended: rate.attended, noShow: rate.noShow })}
          </p>
        </li>
        <li className="rounded-lg border border-slate-300 bg-white p-4">
          <p className="text-sm text-slate-600">{t("creditsLeft")}</p>
          <p className="text-2xl font-semibold text-slate-900 tabular-nums">
            {unlimited ? t("unlimited") : creditsLeft}
          </p>
          <p className="text-sm text-slate-700">{t("activePasses", { count: activePasses.length })}</p>
        </li>
        <li className="rounded-lg border border-slate-300 bg-white p-4">
          <p className="text-sm text-slate-600">{t("upcomingCount")}</p>
          <p className="text-2xl font-semibold text-slate-900 tabular-nums">{upcoming.length}</p>
          <p className="text-sm text-slate-700">{t("pastCount", { count: past.length })}</p>
        </li>
      </ul>

      <Section id="desk" title={t("deskHeading")}>
        <div className="grid gap-4 md:grid-cols-2">
          <div className="space-y-2 rounded-lg border border-slate-300 bg-white p-4">
            <h3 className="font-medium text-slate-900">{t("grantHeading")}</h3>
            <p className="text-sm text-slate-700">
              {offerGroups.length === 0 ? t("addProductFirst") : t("grantIntro")}
            </p>
            <ActionForm
              action={grantPassAction}
              hidden={{ userId: person.id }}
              fields={[
                { kind: "select", name: "offer", label: t("priceLabel"), options: [], groups: offerGroups },
                { kind: "text", name: "note", label: t("note"), hint: t("noteHint"), autoComplete: "off" },
              ]}
              submitLabel={t("grantPass")}
              pendingLabel={t("granting")}
              disabled={offerGroups.length === 0}
            />
          </div>
          <div className="space-y-2 rounded-lg border border-slate-300 bg-white p-4">
            <h3 className="font-medium text-slate-900">{t("bookHeading")}</h3>
            <p className="text-sm text-slate-700">
              {classOptions.length === 0 ? t("noClasses", { days: BOOKABLE_DAYS }) : t("bookIntro")}
            </p>
            <ActionForm
              action={bookIntoClassAction}
              hidden={{ userId: person.id }}
              fields={[
                {
                  kind: "select",
                  name: "instanceId",
                  label: t("classLabel"),
                  options: classOptions,
                  searchLabel: classOptions.length > 15 ? t("classSearch") : undefined,
                },
              ]}
              submitLabel={t("book")}
              pendingLabel={t("booking")}
              disabled={classOptions.length === 0}
            />
          </div>
          <div className="space-y-2 rounded-lg border border-slate-300 bg-white p-4">
            <h3 className="font-medium text-slate-900">{t("roleHeading")}</h3>
            <p className="text-sm text-slate-700">{t("roleIntro")}</p>
            <ActionForm
              action={changePersonaAction}
              hidden={{ userId: person.id }}
              fields={[
                {
                  kind: "select",
                  name: "persona",
                  label: t("role"),
                  options: [...PERSONAS].reverse().map((value) => ({ value, label: personaNames[value] })),
                  defaultValue: person.persona,
                },
              ]}
              submitLabel={t("changeRole")}
              variant="secondary"
            />
          </div>
        </div>
      </Section>

      <Section id="upcoming" title={t("upcomingHeading")}>
        {upcoming.length === 0 ? (
          <p className="text-slate-700">{t("noUpcoming")}</p>
        ) : (
          <StackedTable
            caption={t("upcomingHeading")}
            columns={[{ label: t("class") }, { label: t("when") }, { label: t("status") }]}
            rows={upcoming.map((booking) => ({
              key: booking.id,
              cells: [
                <Link
                  key="class"
                  href={`/dashboard/classes/${booking.instanceId}`}
                  className="text-brand-700 underline-offset-2 hover:underline"
                >
                  {booking.instance.event.title}
                </Link>,
                when(booking.instance.startsAt),
                words.booking(booking.status),
              ],
            }))}
          />
        )}
      </Section>

      <Section id="history" title={t("pastHeading")}>
        {rate.attended + rate.noShow > 0 ? (
          <BarChart
            id="attendance-weeks"
            title={t("chartTitle", { weeks: CHART_WEEKS })}
            description={t("chartDescription", { attended: rate.attended, noShow: rate.noShow })}
            series={[
              { key: "attended", label: words.attendance("attended"), color: "#047857" },
              { key: "noShow", label: words.attendance("no_show"), color: "#b91c1c" },
            ]}
            points={weeks.map((week) => ({
              label: formatDate(week.start, studio),
              values: { attended: week.attended, noShow: week.noShow },
            }))}
            whole
          />
        ) : null}
        {past.length === 0 ? (
          <p className="text-slate-700">{t("noPast")}</p>
        ) : (
          <>
            {past.length > PAST_SHOWN ? (
              <p className="text-sm text-slate-700">{t("pastShown", { shown: PAST_SHOWN, total: past.length })}</p>
            ) : null}
            <StackedTable
              caption={t("pastHeading")}
              columns={[
                { label: t("class") },
                { label: t("when") },
                { label: t("status") },
                { label: t("attendance") },
              ]}
              rows={past.slice(0, PAST_SHOWN).map((booking) => ({
                key: booking.id,
                cells: [
                  booking.instance.event.title,
                  when(booking.instance.startsAt),
                  words.booking(booking.status),
                  booking.status !== "confirmed"
                    ? "—"
                    : booking.attendance
                      ? words.attendance(booking.attendance)
                      : t("notMarked"),
                ],
              }))}
            />
          </>
        )}
      </Section>

      <Section id="passes" title={t("passesHeading")}>
        {passes.length === 0 ? (
          <p className="text-slate-700">{t("noPasses")}</p>
        ) : (
          <StackedTable
            caption={t("passesHeading")}
            columns={[
              { label: t("product") },
              { label: t("credits"), className: "tabular-nums" },
              { label: t("validUntil") },
              { label: t("status") },
              // a pass that is no membership leaves this cell empty: no label for it on a phone
              ...(anyMembership
                ? [{ label: t("manageMembership"), className: "empty:hidden md:empty:table-cell" }]
                : []),
            ]}
            rows={passes.map(({ entitlement, dto }) => {
              const name = productName.get(entitlement.productId) ?? "—";
              const membership = subscriptionIds.has(entitlement.productId);
              const pause = runningOrComingPause(entitlement, today);
              const notes = [
                entitlement.cancelAt ? t("endsOn", { date: formatDate(entitlement.cancelAt, studio) }) : null,
                pause ? words.pause(pause, (date) => formatLocalDate(date, studio)) : null,
              ].filter((note) => note !== null);
              return {
                key: entitlement.id,
                cells: [
                  name,
                  dto.remainingClasses === null ? t("unlimited") : dto.remainingClasses,
                  entitlement.validUntil ? formatDate(entitlement.validUntil, studio) : t("noEnd"),
                  <span key="status">
                    {words.pass(dto.status)}
                    {notes.map((note) => (
                      <span key={note} className="block text-xs text-slate-700">
                        {note}
                      </span>
                    ))}
                  </span>,
                  ...(!anyMembership
                    ? []
                    : membership && dto.status === "active"
                      ? [
                          <MembershipControls
                            key="manage"
                            entitlementId={entitlement.id}
                            userId={person.id}
                            product={name}
                            person={person.displayName}
                            endsOn={entitlement.validUntil ? formatDate(entitlement.validUntil, studio) : null}
                            cancelled={entitlement.cancelAt !== null}
                            paused={pause !== null}
                            today={today}
                          />,
                        ]
                      : [null]),
                ],
              };
            })}
          />
        )}
      </Section>

      <Section id="orders" title={t("ordersHeading")}>
        {orders.length === 0 ? (
          <p className="text-slate-700">{t("noOrders")}</p>
        ) : (
          <StackedTable
            caption={t("ordersHeading")}
            columns={[
              { label: t("product") },
              { label: t("date") },
              { label: t("amount"), className: "tabular-nums" },
              { label: t("status") },
            ]}
            rows={orders.map((order) => ({
              key: order.id,
              cells: [
                productName.get(order.productId) ?? "—",
                when(order.createdAt),
                formatMoney(order.amount, order.currency, studio.locale),
                words.order(order.status),
              ],
            }))}
          />
        )}
      </Section>

      <Section id="membership" title={t("membershipHeading")}>
        {self ? (
          <p className="text-sm text-slate-700">{t("cannotRemoveSelf")}</p>
        ) : (
          <ActionForm
            action={removeMembershipAction}
            hidden={{ userId: person.id }}
            submitLabel={t("remove", { name: person.displayName })}
            pendingLabel={t("removing")}
            variant="danger"
            confirm={t("confirmRemove", { name: person.displayName })}
            inline
          />
        )}
      </Section>
    </div>
  );
}
