import "server-only";
import { bookPlacesAt } from "@/lib/bookings/book-place";
import { offerPlanFor } from "@/lib/bookings/promote-waitlist";
import type { TenantTx } from "@/lib/db/tenant-db";
import { studioDate } from "@/lib/studio-time/studio-date";
import { isoWeekday } from "@/lib/studio-time/week";
import type { DemoFixture } from "./demo-fixture";
import { userIdOf, type Written } from "./demo-written";

const DAY_MS = 86_400_000;
/** After the fixture's other bookings (writeBookings dates them `now` + a few seconds). */
const AFTER_MS = 60_000;

/**
 * The demo's waitlist in offer mode (the fixture's `waitlistOffer`, decision 0039), written by the
 * rules of real bookings: the class booked full (book_place), its waitlist joined, the offer mode
 * turned on, then one more place given to the class, which promote_waitlist offers to the first in
 * line who can pay for it (on the account's terms: a reset in its quiet hours holds it from their
 * end, decision 0048). Written without emails, as the rest of the fixture.
 */
export async function writeDemoOffer(tx: TenantTx, fixture: DemoFixture, written: Written): Promise<void> {
  const { policy, eventKey, weekday, daysAhead, capacity, bookedKeys, waitlistKeys } = fixture.waitlistOffer;
  const { accountId, now } = written;
  const candidates = await tx.instance.findMany({
    where: {
      eventId: written.eventIds.get(eventKey),
      status: "scheduled",
      startsAt: {
        gte: new Date(now.getTime() + daysAhead * DAY_MS),
        lt: new Date(now.getTime() + (daysAhead + 7) * DAY_MS),
      },
    },
    orderBy: { startsAt: "asc" },
  });
  const instance = candidates.find(
    (candidate) => isoWeekday(studioDate(candidate.startsAt, fixture.account.timezone)) % 7 === weekday,
  );
  if (!instance) throw new Error(`demo fixture: no class of ${eventKey} on day ${weekday} ${daysAhead} days ahead`);
  await tx.instance.update({ where: { id: instance.id }, data: { capacity } });

  const at = (position: number) => new Date(now.getTime() + AFTER_MS + position);
  const results = await bookPlacesAt(tx, accountId, [
    ...bookedKeys.map((key, position) => ({
      instanceId: instance.id,
      attendeeId: userIdOf(written, key),
      entitlementId: written.entitlementIds.get(key) ?? null,
      at: at(position),
    })),
    ...waitlistKeys.map((key, position) => ({
      instanceId: instance.id,
      attendeeId: userIdOf(written, key),
      entitlementId: null,
      at: at(bookedKeys.length + position),
      waitlist: true,
    })),
  ]);
  const wanted = [...bookedKeys.map(() => "confirmed"), ...waitlistKeys.map(() => "waitlisted")];
  if (results.some((result, index) => result.outcome !== wanted[index]))
    throw new Error(
      `demo fixture: ${eventKey} is not booked full with a waitlist: ${results.map((r) => r.outcome).join(", ")}`,
    );

  await tx.account.update({ where: { id: accountId }, data: policy });
  await tx.instance.update({ where: { id: instance.id }, data: { capacity: capacity + 1 } });
  const offeredAt = at(bookedKeys.length + waitlistKeys.length);
  const plan = await offerPlanFor(tx, instance, offeredAt);
  const offered = await tx.$queryRaw<{ offerExpiresAt: Date | null }[]>`
    SELECT "offerExpiresAt" FROM promote_waitlist(${accountId}, ${instance.id}, ${offeredAt.toISOString()}::timestamp,
                                                  ${plan?.expiresAt.toISOString() ?? null}::timestamp)`;
  if (offered.length !== 1 || offered[0]!.offerExpiresAt === null)
    throw new Error(`demo fixture: the place added to ${eventKey} is not offered`);
}
