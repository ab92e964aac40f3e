import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { resolveRule } from "@/lib/recurrence";
import type { CreateSeriesInput } from "@/lib/schemas/series";
import { expandSeriesRule } from "./expand-series-rule";
import { writeSeries } from "./write-series";

/**
 * Creates a series of an event and all its occurrences as instances, in one transaction with one
 * multi-row insert. Defaults (decisions §4): duration and capacity of the event, timezone of the
 * account, weekday or month day of `startsOn`. A series may start in the past: every occurrence is
 * generated, elapsed ones included. Unknown event: 404; a malformed rule or one past a cap: 400.
 */
export async function createSeries({
  db,
  accountId,
  eventId,
  input,
}: {
  db: TenantDb;
  accountId: string;
  eventId: string;
  input: CreateSeriesInput;
}) {
  const [event, account] = await Promise.all([
    db.event.findFirst({ where: { id: eventId }, select: { id: true, durationMinutes: true, capacity: true, teacherIds: true } }),
    db.account.findUnique({ where: { id: accountId }, select: { timezone: true } }),
  ]);
  if (!event || !account) throw new AppError("not_found");
  const { capacity, ...ruleInput } = input;
  const rule = resolveRule(ruleInput, { timezone: account.timezone, durationMinutes: event.durationMinutes });
  const occurrences = expandSeriesRule(rule);
  return db.$transaction((tx) =>
    writeSeries({
      tx,
      accountId,
      eventId: event.id,
      rule,
      capacity: capacity ?? event.capacity,
      teacherIds: event.teacherIds,
      occurrences,
    }),
  );
}
