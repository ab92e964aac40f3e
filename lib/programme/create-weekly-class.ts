import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { resolveRule } from "@/lib/recurrence";
import type { CreateEventInput } from "@/lib/schemas/event";
import type { CreateSeriesInput } from "@/lib/schemas/series";
import { checkEventInput, writeEvent } from "./create-event";
import { expandSeriesRule } from "./expand-series-rule";
import { writeSeries } from "./write-series";

/**
 * A class and its repeating times in one go (the dashboard's "Add a weekly class"): the event as
 * POST /events makes it and its series as POST /events/{eventId}/series makes it, written in ONE
 * transaction, so a rule past a cap or a wrong teacher leaves nothing behind. Everything is checked
 * before anything is written: references 400, the rule's caps 400.
 */
export async function createWeeklyClass({
  db,
  accountId,
  event: eventInput,
  series: seriesInput,
}: {
  db: TenantDb;
  accountId: string;
  event: Omit<CreateEventInput, "startsAt">;
  series: CreateSeriesInput;
}) {
  const account = await db.account.findUnique({ where: { id: accountId }, select: { timezone: true } });
  if (!account) throw new AppError("not_found");
  const checked = await checkEventInput({ db, input: eventInput });
  const { capacity, ...ruleInput } = seriesInput;
  const rule = resolveRule(ruleInput, { timezone: account.timezone, durationMinutes: eventInput.durationMinutes });
  const occurrences = expandSeriesRule(rule);
  return db.$transaction(async (tx) => {
    const event = await writeEvent({ tx, accountId, input: eventInput, ...checked });
    const { series, instances } = await writeSeries({
      tx,
      accountId,
      eventId: event.id,
      rule,
      capacity: capacity ?? event.capacity,
      teacherIds: event.teacherIds,
      occurrences,
    });
    return { event, series, instances };
  });
}
