import "server-only";
import { Prisma } from "@prisma/client";
import { enqueueBookingEmails } from "@/lib/bookings/booking-email-outbox";
import { cancelSubscription } from "@/lib/commerce/cancel-subscription";
import { db } from "@/lib/db";
import { tenantDb, type TenantTx } from "@/lib/db/tenant-db";
import { TRANSACTION_OPTIONS, withRetry } from "@/lib/db/with-retry";
import { AppError } from "@/lib/errors";
import { DEFAULT_LOCALE, languageOfLocaleTag } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { householdMemberIds, householdMembersHere, listHouseholdMembers } from "@/lib/households/household-members";
import { endMembership } from "./end-membership";
import { erasedEmail } from "./stand-in-addresses";

/** Who asks: the person themselves (DELETE /me), or an administrator of the studio (POST /users/{userId}/erase). */
export type ErasureRequester = { kind: "self" } | { kind: "administrator"; userId: string | null };

/**
 * Erases a person (GDPR article 17): in every studio they belong to, their subscriptions stop
 * renewing (cancel-subscription.ts: Stripe told first, 503 and nothing erased when it cannot be
 * reached), their membership ends as a removal ends it (end-membership.ts: groups, sessions, links, future bookings cancelled and the
 * waitlist promoted), nothing waits to be emailed to them, and their identity is erased: the email
 * becomes an undeliverable one of their own (so the address may sign up again as a new person), the
 * name "Deleted member" in the studio's language, no date of birth, no phone, no language, no
 * reminders (the studio's notes about them go with the membership). Orders,
 * receipts, passes and past bookings stay, pointing at the erased identity: the Bookkeeping Act keeps
 * them five years.
 *
 * Their household goes with them (decision 0038: their dependants, and the guests without an email
 * they brought, who have no identity but through them and whom nobody else could ever erase): each
 * is erased by the same rule, in the same transactions as the guardian.
 *
 * Refused: by the person while they are the only administrator of a studio (409 sole_administrator);
 * by an administrator for themselves (409 own_membership), for someone not here (404), or for someone
 * who (or whose household) belongs to another studio too (409 person_in_other_studio: removing the
 * membership is what this studio may do).
 *
 * One transaction per studio, the active one (`accountId`) last, together with the identities: a
 * process that dies between two leaves the person signed in there, able to ask again.
 */
export async function erasePerson({
  accountId,
  userId,
  requestedBy,
}: {
  accountId: string;
  userId: string;
  requestedBy: ErasureRequester;
}): Promise<void> {
  if (requestedBy.kind === "administrator" && requestedBy.userId === userId) throw new AppError("own_membership");
  const studios = await studiosOf(userId);
  if (!studios.some((studio) => studio.accountId === accountId)) throw new AppError("not_found");
  const household = await listHouseholdMembers(userId);
  const householdStudios = [...new Set(household.flatMap((member) => member.accountIds))];
  if (
    requestedBy.kind === "administrator" &&
    (studios.length > 1 || householdStudios.some((studio) => studio !== accountId))
  )
    throw new AppError("person_in_other_studio");
  if (
    requestedBy.kind === "self" &&
    studios.some((studio) => studio.persona === "administrator" && studio.administrators <= 1)
  )
    throw new AppError("sole_administrator");

  for (const studio of studios) await stopRenewals(studio.accountId, userId);
  for (const member of household)
    for (const memberStudio of member.accountIds) await stopRenewals(memberStudio, member.userId);
  const active = studios.find((studio) => studio.accountId === accountId)!;
  const others = [...studios.map((studio) => studio.accountId), ...householdStudios].filter((id) => id !== accountId);
  const order = [...new Set(others), accountId];
  for (const studioId of order) {
    const guardianHere = studios.some((studio) => studio.accountId === studioId);
    await withRetry(
      () =>
        tenantDb(studioId).$transaction(async (tx) => {
          if (guardianHere) {
            await assertOtherAdministrator(tx, studioId, userId);
            if (requestedBy.kind === "administrator") await assertOnlyHere(tx, studioId, userId);
          }
          const leaving = [...(guardianHere ? [userId] : []), ...(await householdMembersHere(tx, userId))];
          for (const person of leaving) await leaveStudio(tx, studioId, person);
          if (studioId !== accountId) return;
          const name = erasedName(active.localeTag);
          for (const member of await householdMemberIds(tx, userId)) await eraseIdentity(tx, member, name);
          await eraseIdentity(tx, userId, name);
        }, TRANSACTION_OPTIONS),
      { label: requestedBy.kind === "self" ? "DELETE /me" : "POST /users/{userId}/erase" },
    );
  }
}

/** One person's membership of the studio ends and the studio forgets them; the promoted attendees are emailed. */
async function leaveStudio(tx: TenantTx, accountId: string, userId: string): Promise<void> {
  const notices = await endMembership({ tx, accountId, userId });
  await forgetInStudio(tx, userId);
  await enqueueBookingEmails(tx, accountId, notices); // the promoted attendees
}

/** No subscription of the person renews or bills again: each ends with its paid period. */
async function stopRenewals(accountId: string, userId: string): Promise<void> {
  const scoped = tenantDb(accountId);
  const subscriptions = await scoped.entitlement.findMany({
    where: { userId, cancelAt: null, status: "active", product: { type: "subscription" } },
    select: { id: true },
  });
  for (const { id } of subscriptions) await cancelSubscription({ db: scoped, entitlementId: id, ownerId: userId });
}

type Studio = { accountId: string; persona: string; administrators: number; localeTag: string };

/** The person's memberships, read through the identity (the one read that spans tenants: theirs). */
async function studiosOf(userId: string): Promise<Studio[]> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: {
      memberships: {
        select: {
          accountId: true,
          persona: true,
          account: {
            select: { locale: true, _count: { select: { memberships: { where: { persona: "administrator" } } } } },
          },
        },
        orderBy: { accountId: "asc" },
      },
    },
  });
  return (user?.memberships ?? []).map((membership) => ({
    accountId: membership.accountId,
    persona: membership.persona,
    administrators: membership.account._count.memberships,
    localeTag: membership.account.locale,
  }));
}

/**
 * The studio keeps an administrator (an API key may not erase the last one either): its administrators' rows locked (two administrators erasing
 * themselves at once: the second waits, then finds itself the only one left).
 */
async function assertOtherAdministrator(tx: TenantTx, accountId: string, userId: string): Promise<void> {
  const administrators = await tx.$queryRaw<{ userId: string }[]>`
    SELECT "userId" FROM "Membership"
    WHERE "accountId" = ${accountId} AND "persona" = 'administrator'
    ORDER BY "userId" FOR UPDATE`;
  if (administrators.some((row) => row.userId === userId) && administrators.length <= 1)
    throw new AppError("sole_administrator");
}

/** An administrator erases only someone who belongs to this studio alone (checked again in the transaction). */
async function assertOnlyHere(tx: TenantTx, accountId: string, userId: string): Promise<void> {
  const [row] = await tx.$queryRaw<{ elsewhere: bigint }[]>(Prisma.sql`
    SELECT count(*) AS elsewhere FROM "Membership" WHERE "userId" = ${userId} AND "accountId" <> ${accountId}`);
  if (row && Number(row.elsewhere) > 0) throw new AppError("person_in_other_studio");
}

/**
 * Nothing waits to be emailed to the person, no calendar feed of theirs answers any more, and the rows
 * of imports that wrote them keep no copy of what the file said (email, phone, notes).
 */
async function forgetInStudio(tx: TenantTx, userId: string): Promise<void> {
  await tx.noticeEmail.deleteMany({ where: { userId } });
  await tx.importRow.updateMany({ where: { userId }, data: { cells: [], values: {}, kept: [] } });
  await tx.bookingEmail.deleteMany({ where: { booking: { attendeeId: userId } } });
  await tx.calendarFeed.deleteMany({ where: { userId } });
}

async function eraseIdentity(tx: TenantTx, userId: string, displayName: string): Promise<void> {
  await tx.session.deleteMany({ where: { userId } });
  await tx.magicLink.deleteMany({ where: { userId } });
  // stored first answers of their requests (24 hours) may hold what they sent
  await tx.idempotencyKey.deleteMany({ where: { userId } });
  await tx.user.update({
    where: { id: userId },
    data: {
      email: erasedEmail(userId),
      displayName,
      dateOfBirth: null,
      phone: null,
      locale: null,
      emailReminders: false,
      status: "disabled",
    },
  });
}

/** "Deleted member" in the studio's language: the name its orders and receipts show from now on. */
function erasedName(localeTag: string): string {
  const locale = languageOfLocaleTag(localeTag) ?? DEFAULT_LOCALE;
  const t = translatorFor(locale, "ErasedPerson");
  return t("displayName");
}
