import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StudioHeader } from "@/components/schedule/studio-header";
import { Notice } from "@/components/ui/notice";
import { pageFormat } from "@/lib/i18n/page-language";
import { listAwaitedOrders } from "@/lib/orders/list-awaited-orders";
import { getMe } from "@/lib/users/get-me";
import { getPersonOverview } from "@/lib/users/get-person-overview";
import { studioMember } from "@/lib/web/studio-member";
import { listWithdrawableOrders } from "@/lib/withdrawals/list-withdrawable-orders";
import { signOutAction } from "../actions";
import { getPublicStudio, orNotFound, signInHref } from "../studio";
import { AwaitedPaymentsSection } from "./awaited-payments-section";
import { CancelledSection, PastSection, UpcomingSection } from "./booking-sections";
import { CalendarLinkSection } from "./calendar-link-section";
import { ChildrenSection } from "./children-section";
import { cursorKey, listPages, readCursors, type CursorName } from "./list-pages";
import { MyDataSection } from "./my-data-section";
import { MyReceipts } from "./my-receipts";
import { PassesSection } from "./passes-section";
import { RemindersSection } from "./reminders-section";
import { SignedOut } from "./signed-out";
import { StandingPlacesSection } from "./standing-places-section";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<
    {
      bought?: string;
      /** Set by a course's Enrol (its order summary's return path): the purchase was an enrolment. */
      enrolled?: string;
      /** Set by "Take the place" once a held place is the member's. */
      claimed?: string;
      calendar?: string;
      reminders?: string;
      profile?: string;
      children?: string;
      /** Set by a provider's return address (MobilePay's, Stripe's): which checkout, and its order. */
      checkout?: string;
      order?: string;
    } & Partial<Record<CursorName, string>> // a page of past bookings, ended passes or receipts ("Show older")
  >;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [account, t] = await Promise.all([getPublicStudio((await params).slug), getTranslations("MyBookings")]);
  return { title: t("metaTitle", { studio: account.name }), robots: { index: false } };
}

/**
 * The signed-in attendee's page in this studio, read from their overview (getPersonOverview for the member, with
 * their household): bookings to come and cancelled, passes, standing places, children, settings, the past, receipts.
 */
export default async function MyBookingsPage({ params, searchParams }: Props) {
  const [
    { slug },
    { bought, enrolled, claimed, calendar, reminders, profile, children, checkout, order, ...paging },
    t,
  ] = await Promise.all([params, searchParams, getTranslations("MyBookings")]);
  const tResult = await getTranslations("BookingResult");
  const [account, viewer] = await orNotFound(Promise.all([getPublicStudio(slug), studioMember(slug)]));
  const signIn = signInHref(account.slug, `/${account.slug}/me`);
  const header = (
    <StudioHeader
      studio={account}
      current="me"
      signedIn={viewer !== undefined}
      signOut={signOutAction.bind(null, account.slug)}
      signInHref={signIn}
    />
  );
  if (!viewer)
    return (
      <>
        {header}
        <SignedOut signInHref={signIn} deleted={profile === "deleted"} />
      </>
    );

  const cursors = readCursors(paging);
  const returnedOrder = typeof order === "string" ? order : null;
  // a member of years reads their history a page at a time: what is to come and the passes still usable whole,
  // the past, the ended passes and receipts in pages
  const now = new Date();
  const [overview, me, where, awaited, withdrawable] = await Promise.all([
    getPersonOverview({
      db: viewer.db,
      userId: viewer.userId,
      timezone: account.timezone,
      audience: "member",
      household: true,
      pastAfter: cursorKey(cursors, "pastAfter"),
      passesAfter: cursorKey(cursors, "passesAfter"),
      ordersAfter: cursorKey(cursors, "receiptsAfter"),
    }),
    getMe(viewer),
    pageFormat(account),
    listAwaitedOrders({ db: viewer.db, userId: viewer.userId, now, returnedOrderId: returnedOrder }),
    listWithdrawableOrders({ db: viewer.db, userId: viewer.userId, timezone: account.timezone, now }),
  ]);
  const pages = (name: CursorName, next: readonly [Date, string] | null) =>
    listPages(account.slug, cursors, name, next);
  const sections = { overview, studio: account, where };
  return (
    <>
      {header}
      <main className="mx-auto max-w-3xl px-4 pb-16 pt-6">
        <h1 className="text-2xl font-semibold text-brand-900">{t("title")}</h1>
        {claimed && (
          <Notice tone="success" className="mt-4">
            {tResult("claimed")}
          </Notice>
        )}
        {bought && (
          <Notice tone="success" className="mt-4">
            {enrolled ? t("enrolled") : t("bought")}
          </Notice>
        )}
        <AwaitedPaymentsSection
          slug={account.slug}
          orders={awaited}
          stoppedOrderId={checkout === "cancelled" ? returnedOrder : null}
        />
        <UpcomingSection {...sections} />
        <CancelledSection {...sections} />
        <PassesSection {...sections} pages={pages("passesAfter", overview.endedPasses.next)} />
        <StandingPlacesSection {...sections} />
        <ChildrenSection slug={account.slug} dependants={overview.dependants} changed={children} where={where} />
        <RemindersSection
          slug={account.slug}
          on={me.emailReminders}
          reminderHours={me.account.reminderHours}
          changed={reminders}
        />
        <CalendarLinkSection slug={account.slug} viewer={viewer} shown={calendar} />
        <PastSection {...sections} pages={pages("pastAfter", overview.past.next)} />
        <MyReceipts
          orders={overview.receipts.shown}
          pages={pages("receiptsAfter", overview.receipts.next)}
          productNames={overview.productNames}
          where={where}
          slug={account.slug}
          withdrawable={new Set(withdrawable.map(({ order }) => order.id))}
        />
        <MyDataSection slug={account.slug} dependants={overview.dependants} />
      </main>
    </>
  );
}
