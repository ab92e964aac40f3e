import "server-only";
import type { Prisma } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { toIsoDate } from "@/lib/schemas/common";
import { EXPORT_BATCH_SIZE, PROGRAMME_CSV_HEADER, type CsvCell, type CsvExport } from "@/lib/schemas/export";
import { BY_CREATION, batchesByCreation } from "./creation-batches";

type Column = (typeof PROGRAMME_CSV_HEADER)[number];

/** One record of programme.csv: the columns a kind has, the others empty. */
function record(values: Partial<Record<Column, CsvCell | undefined>>): CsvCell[] {
  return PROGRAMME_CSV_HEADER.map((column) => values[column] ?? null);
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

/**
 * The account's programme in one file, told apart by `kind`: every event (oldest first), then every
 * series (its recurrence rule), then every class (instance) of every status in chronological order.
 */
export function exportProgramme({ db, batchSize = EXPORT_BATCH_SIZE }: { db: TenantDb; batchSize?: number }): CsvExport {
  async function* batches(): AsyncGenerator<CsvCell[][]> {
    yield* batchesByCreation(
      (where, take) => db.event.findMany({ where, orderBy: BY_CREATION, take }),
      (e) => [
        record({
          kind: "event",
          id: e.id,
          title: e.title,
          status: e.status,
          capacity: e.capacity,
          durationMinutes: e.durationMinutes,
          location: e.location,
          locationId: e.locationId,
          teacherIds: e.teacherIds.join(" "),
          description: e.description,
          createdAt: iso(e.createdAt),
        }),
      ],
      batchSize,
    );
    yield* batchesByCreation(
      (where, take) => db.series.findMany({ where, include: { event: { select: { title: true } } }, orderBy: BY_CREATION, take }),
      (s) => [
        record({
          kind: "series",
          id: s.id,
          eventId: s.eventId,
          title: s.event.title,
          status: s.status,
          capacity: s.capacity,
          durationMinutes: s.durationMinutes,
          frequency: s.frequency,
          interval: s.interval,
          weekdays: s.weekdays.join(" "),
          monthDay: s.monthDay,
          localStartTime: s.localStartTime,
          timezone: s.timezone,
          startsOn: toIsoDate(s.startsOn),
          endsOn: toIsoDate(s.endsOn),
          count: s.count,
          createdAt: iso(s.createdAt),
        }),
      ],
      batchSize,
    );
    yield* classes(db, batchSize);
  }
  return { header: [...PROGRAMME_CSV_HEADER], batches: batches() };
}

/** The classes by (startsAt, id), a batch at a time by that key. */
async function* classes(db: TenantDb, batchSize: number): AsyncGenerator<CsvCell[][]> {
  let after: { startsAt: Date; id: string } | undefined;
  for (;;) {
    const where: Prisma.InstanceWhereInput = after
      ? { OR: [{ startsAt: { gt: after.startsAt } }, { startsAt: after.startsAt, id: { gt: after.id } }] }
      : {};
    const rows = await db.instance.findMany({
      where,
      include: { event: { select: { title: true, location: true, locationId: true } } },
      orderBy: [{ startsAt: "asc" }, { id: "asc" }],
      take: batchSize,
    });
    yield rows.map((i) =>
      record({
        kind: "class",
        id: i.id,
        eventId: i.eventId,
        seriesId: i.seriesId,
        title: i.event.title,
        status: i.status,
        startsAt: iso(i.startsAt),
        endsAt: iso(i.endsAt),
        capacity: i.capacity,
        durationMinutes: Math.round((i.endsAt.getTime() - i.startsAt.getTime()) / 60_000),
        location: i.event.location,
        locationId: i.event.locationId,
        teacherIds: i.teacherIds.join(" "),
        audience: i.audience,
        groupIds: i.groupIds.join(" "),
        bookedCount: i.bookedCount,
        waitlistCount: i.waitlistCount,
        createdAt: iso(i.createdAt),
      }),
    );
    const last = rows[rows.length - 1];
    if (!last || rows.length < batchSize) return;
    after = { startsAt: last.startsAt, id: last.id };
  }
}
