import "server-only";
import type { TenantTx } from "@/lib/db/tenant-db";
import type { DemoFixture } from "./demo-fixture";
import { userIdOf, type Written } from "./demo-written";

const DAY_MS = 86_400_000;

/**
 * Strikes in the demo studio (issue 33 §4), after its past is written (the past was booked without
 * them): the policy turned on, everyone's strikes so far lifted as the studio turned it on (the
 * seeded no-shows would block people at random otherwise), but the fixture's `nearBlockKey`, whose
 * strikes are made exactly one fewer than the limit, all in the window (the older ones lifted, so no
 * block from before lasts): another no-show or late cancellation blocks them. Marks attended places
 * of theirs `no_show` when they have too few.
 */
export async function writeDemoStrikes(tx: TenantTx, fixture: DemoFixture, written: Written): Promise<void> {
  const { policy, nearBlockKey } = fixture.strikes;
  const { accountId, now } = written;
  await tx.account.update({ where: { id: accountId }, data: policy });
  const nearBlock = userIdOf(written, nearBlockKey);
  await tx.membership.updateMany({ where: { userId: { not: nearBlock } }, data: { strikesClearedAt: now } });

  const wanted = policy.strikeLimit - 1;
  const since = new Date(now.getTime() - policy.strikeWindowDays * DAY_MS);
  // All their strikes, not only the window's: older ones with the window's could have made a block that lasts still.
  const strikes = await tx.$queryRaw<{ struckAt: Date }[]>`
    SELECT "struckAt" FROM member_strikes(${accountId}, ${nearBlock}, ${new Date(0).toISOString()}::timestamp, ${now.toISOString()}::timestamp)
     ORDER BY "struckAt" DESC`;
  const kept = strikes.slice(0, wanted).filter((strike) => strike.struckAt > since).length;
  // Lifted up to the oldest strike beyond the kept ones, and up to the window's start when more are to be marked.
  const clearedAt = kept < wanted ? since : strikes[wanted]?.struckAt;
  if (clearedAt) await tx.membership.updateMany({ where: { userId: nearBlock }, data: { strikesClearedAt: clearedAt } });
  if (kept === wanted) return;
  const attended = await tx.booking.findMany({
    where: {
      attendeeId: nearBlock,
      status: "confirmed",
      attendance: "attended",
      instance: { startsAt: { gt: since, lte: now } },
    },
    select: { id: true, instance: { select: { startsAt: true } } },
    orderBy: { instance: { startsAt: "desc" } },
    take: wanted - kept,
  });
  for (const booking of attended)
    await tx.booking.updateMany({
      where: { id: booking.id },
      data: { attendance: "no_show", noShowMarkedAt: booking.instance.startsAt },
    });
}
