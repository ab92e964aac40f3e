import "server-only";
import type { Instance, Series } from "@prisma/client";
import type { Occurrence, RecurrenceRule } from "@/lib/recurrence";
import type { TenantTx } from "@/lib/db/tenant-db";
import { chronologically, occurrenceRow, seriesRuleColumns } from "./series-rule-columns";

/**
 * Inside the caller's transaction: the Series row and every occurrence as an instance, the
 * instances in ONE multi-row insert. Used by POST /events/{eventId}/series and the demo fixture.
 */
export async function writeSeries({
  tx,
  accountId,
  eventId,
  rule,
  capacity,
  teacherIds,
  occurrences,
}: {
  tx: TenantTx;
  accountId: string;
  eventId: string;
  rule: RecurrenceRule;
  capacity: number;
  /** The event's teachers, copied onto every instance. */
  teacherIds: string[];
  occurrences: Occurrence[];
}): Promise<{ series: Series; instances: Instance[] }> {
  const series = await tx.series.create({ data: { accountId, eventId, ...seriesRuleColumns(rule), capacity } });
  const instances =
    occurrences.length === 0
      ? []
      : await tx.instance.createManyAndReturn({ data: occurrences.map((occurrence) => occurrenceRow(occurrence, series, teacherIds)) });
  return { series, instances: instances.sort(chronologically) };
}
