import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ActionForm } from "@/components/forms/action-form";
import { PageHeader, Section } from "@/components/forms/page-header";
import { AppError } from "@/lib/errors";
import { nameWithGuardian } from "@/lib/households/child-of";
import { pageLanguage } from "@/lib/i18n/page-language";
import { getPerson } from "@/lib/users/get-person";
import { getPersonOverview } from "@/lib/users/get-person-overview";
import { getMemberStrikes } from "@/lib/strikes/get-member-strikes";
import { getActiveStudio } from "@/lib/web/get-active-studio";
import { pageIdOrNotFound } from "@/lib/web/page-params";
import { encodeCursor, InstantIdKey, readCursor } from "@/lib/schemas/page";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { erasePersonAction, removeMembershipAction } from "../actions";
import { HistorySection, UpcomingSection } from "./booking-sections";
import { DeskSection } from "./desk-section";
import { OrdersSection } from "./orders-section";
import { PassesSection } from "./passes-section";
import { StandingPlacesSection } from "./standing-places-section";
import { PersonFacts, PersonFigures } from "./person-summary";
import { ContactSection } from "./contact-section";
import { getPersonContact } from "@/lib/users/get-person-contact";
import { StrikesSection } from "./strikes-section";
import { WithdrawalsSection } from "./withdrawals-section";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ userId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The sort key of the paged lists (a class's start, a pass's or an order's creation, then id), as a page's link carries it. */
const PageKey = InstantIdKey;
const CURSORS = ["pastAfter", "passesAfter", "ordersAfter"] as const;
const ANCHORS = { pastAfter: "history", passesAfter: "passes", ordersAfter: "orders" } as const;

/**
 * The person page's links to its lists' pages: `name`'s cursor set to `key` (or dropped: the newest
 * page), the other lists' kept, each list's anchor to land on.
 */
function pageHref(
  userId: string,
  cursors: Record<string, string>,
  name: (typeof CURSORS)[number],
  key: readonly [Date, string] | null,
) {
  const search = new URLSearchParams(Object.entries(cursors).filter(([cursor]) => cursor !== name));
  if (key) search.set(name, encodeCursor([key[0].toISOString(), key[1]]));
  return `/dashboard/users/${userId}${search.size > 0 ? `?${search}` : ""}#${ANCHORS[name]}`;
}

/** A person's page answers 404 for someone who is no member here. */
function orNotFound<T>(read: Promise<T>): Promise<T> {
  return read.catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  });
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const viewer = await requireAdministrator();
  const userId = pageIdOrNotFound((await props.params).userId);
  const person = await orNotFound(getPerson({ db: viewer.db, userId }));
  return { title: person.displayName };
}

/** One member as the desk sees them: facts, figures, desk actions, bookings, passes, orders. */
export default async function PersonPage(props: Props) {
  const viewer = await requireAdministrator();
  const userId = pageIdOrNotFound((await props.params).userId);
  const [t, studio] = await Promise.all([getTranslations("PersonPage"), getActiveStudio(viewer)]);
  const tHousehold = await getTranslations("Household");
  const params = await props.searchParams;
  const cursors = Object.fromEntries(
    CURSORS.flatMap((name) => {
      const value = params[name];
      return typeof value === "string" && readCursor(PageKey, value) ? [[name, value]] : [];
    }),
  );
  const pastAfter = readCursor(PageKey, cursors.pastAfter);
  const ordersAfter = readCursor(PageKey, cursors.ordersAfter);
  const passesAfter = readCursor(PageKey, cursors.passesAfter);
  const overview = await orNotFound(
    getPersonOverview({ db: viewer.db, userId, timezone: studio.timezone, pastAfter, ordersAfter, passesAfter }),
  );
  const pages = (name: (typeof CURSORS)[number], next: readonly [Date, string] | null) => ({
    newest: cursors[name] ? pageHref(userId, cursors, name, null) : null,
    older: next ? pageHref(userId, cursors, name, next) : null,
  });
  const strikes = await getMemberStrikes({ db: viewer.db, accountId: viewer.accountId, userId });
  const contact = await getPersonContact({ db: viewer.db, userId });
  const { person } = overview;
  return (
    <div className="space-y-8">
      <p>
        <Link href="/dashboard/users" className="text-sm text-brand-700 underline">
          {t("back")}
        </Link>
      </p>
      <PageHeader title={nameWithGuardian(person, await pageLanguage(), (values) => tHousehold("childOf", values))} />
      <PersonFacts person={person} studio={studio} />
      <PersonFigures overview={overview} studio={studio} />
      <ContactSection userId={person.id} contact={contact} />
      <DeskSection overview={overview} studio={studio} />
      <StrikesSection userId={person.id} strikes={strikes} studio={studio} />
      <UpcomingSection overview={overview} studio={studio} />
      <HistorySection overview={overview} studio={studio} pages={pages("pastAfter", overview.past.next)} />
      <StandingPlacesSection userId={userId} places={overview.standingPlaces} studio={studio} />
      <PassesSection overview={overview} studio={studio} pages={pages("passesAfter", overview.endedPasses.next)} />
      <OrdersSection overview={overview} studio={studio} pages={pages("ordersAfter", overview.ordersNext)} />
      <WithdrawalsSection db={viewer.db} userId={userId} studio={studio} />
      <Section id="membership" title={t("membershipHeading")}>
        {person.id === viewer.userId ? (
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
        {person.id === viewer.userId ? null : (
          <div className="mt-6 space-y-3">
            <p className="max-w-prose text-sm text-slate-700">{t("eraseIntro")}</p>
            <ActionForm
              action={erasePersonAction}
              hidden={{ userId: person.id }}
              submitLabel={t("erase", { name: person.displayName })}
              pendingLabel={t("erasing")}
              variant="danger"
              confirm={t("confirmErase", { name: person.displayName })}
              inline
            />
          </div>
        )}
      </Section>
    </div>
  );
}
