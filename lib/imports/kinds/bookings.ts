// Bookings: a member's place in a class of this studio (its event's title, starting at the date and
// time given in the studio's zone), confirmed with the member's usable pass when there is one, else
// as a desk booking without one. Never over capacity: a row past the places left is `class_full`.
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";
import { fromDateTimeLocal } from "@/lib/studio-time/wall-clock";
import { parseImportDate } from "../import-dates";
import { checked, issue, type CheckContext, type KindImport, type RowIssue, type WrittenRow } from "../import-kind";
import { membersByEmail, readMemberEmail } from "./entitlement-rows";

type Rows = { row: number; values: Record<string, string> }[];
type Place = { instanceId: string; startsAt: Date; bookedCount: number; capacity: number };

/** An hour and minute as a wall-clock time "HH:mm". */
const wallTime = ({ hour, minute }: { hour: number; minute: number }) =>
  `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;

/** "18:30", "6:30 PM", "18.30", "18:30:00": minutes after midnight, or null. */
export function parseImportTime(value: string): { hour: number; minute: number } | null {
  const match = /^(\d{1,2})[:.](\d{2})(?::\d{2})?\s*([ap]\.?m\.?)?$/i.exec(value.trim());
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2]);
  const meridiem = match[3]?.toLowerCase().replace(/\./g, "");
  if (meridiem && (hour < 1 || hour > 12)) return null;
  if (meridiem === "pm" && hour < 12) hour += 12;
  if (meridiem === "am" && hour === 12) hour = 0;
  return hour < 24 && minute < 60 ? { hour, minute } : null;
}

/** The classes (not cancelled) whose event has one of these titles, starting at one of these instants: "title|start" → class. */
async function findClasses(db: TenantDb | TenantTx, accountId: string, wanted: { title: string; startsAt: Date }[]) {
  if (wanted.length === 0) return new Map<string, Place>();
  const found = await db.$queryRaw<(Place & { title: string })[]>`
    SELECT i."id" AS "instanceId", i."startsAt", i."bookedCount", i."capacity", lower(e."title") AS "title"
      FROM "Instance" i JOIN "Event" e ON e."id" = i."eventId" AND e."accountId" = i."accountId"
     WHERE i."accountId" = ${accountId} AND i."status" <> 'cancelled'
       AND i."startsAt" = ANY(${wanted.map((w) => w.startsAt.toISOString())}::timestamp[])
       AND lower(e."title") = ANY(${wanted.map((w) => w.title)}::text[])
     ORDER BY i."createdAt"`;
  const byKey = new Map<string, Place>();
  for (const place of found) {
    const key = `${place.title}|${place.startsAt.toISOString()}`;
    if (!byKey.has(key)) byKey.set(key, place);
  }
  return byKey;
}

async function plan(
  db: TenantDb | TenantTx,
  rows: Rows,
  context: Pick<CheckContext, "dateFormat" | "timezone" | "accountId">,
) {
  const members = await membersByEmail(
    db,
    rows.map(({ values }) => (values.email ?? "").trim().toLowerCase()),
  );
  const read = rows.map(({ row, values }) => {
    const errors: RowIssue[] = [];
    const userId = readMemberEmail(values, members, errors);
    const date = values.date ? parseImportDate(values.date, context.dateFormat) : null;
    if (!values.date) errors.push(issue("date", "required", "Required"));
    else if (!date) errors.push(issue("date", "invalid_date", `Not a date in the format ${context.dateFormat}`));
    const time = values.time ? parseImportTime(values.time) : null;
    if (!values.time) errors.push(issue("time", "required", "Required"));
    else if (!time) errors.push(issue("time", "invalid_time", "Not a time such as 18:30"));
    if (!values.class) errors.push(issue("class", "required", "Required"));
    const startsAt = date && time ? (fromDateTimeLocal(`${date}T${wallTime(time)}`, context.timezone) ?? null) : null;
    return { row, values, errors, userId, startsAt, title: (values.class ?? "").trim().toLowerCase() };
  });
  const classes = await findClasses(
    db,
    context.accountId,
    read.flatMap(({ startsAt, title }) => (startsAt && title ? [{ title, startsAt }] : [])),
  );
  return read.map((r) => {
    const place = r.startsAt && r.title ? classes.get(`${r.title}|${r.startsAt.toISOString()}`) : undefined;
    if (r.errors.length === 0 && !place)
      r.errors.push(issue("class", "unknown_class", "No class with this title starts at this date and time"));
    return { ...r, place };
  });
}

async function liveBookings(db: TenantDb | TenantTx, pairs: { userId: string; instanceId: string }[]) {
  if (pairs.length === 0) return new Set<string>();
  const live = await db.booking.findMany({
    where: {
      instanceId: { in: pairs.map((p) => p.instanceId) },
      attendeeId: { in: pairs.map((p) => p.userId) },
      status: { in: ["confirmed", "waitlisted"] },
    },
    select: { instanceId: true, attendeeId: true },
  });
  return new Set(live.map((b) => `${b.attendeeId}|${b.instanceId}`));
}

export const bookingsImport: KindImport = {
  async check(rows, context) {
    const planned = await plan(context.db, rows, context);
    const booked = await liveBookings(
      context.db,
      planned.flatMap(({ userId, place }) => (userId && place ? [{ userId, instanceId: place.instanceId }] : [])),
    );
    return planned.map(({ row, values, errors, userId, place }) => {
      if (errors.length > 0 || !place || !userId) return checked(row, values, errors);
      const key = `${userId}|${place.instanceId}`;
      if (booked.has(key)) return checked(row, values, [], [], true);
      const first = context.seen.get(key);
      if (first !== undefined && first !== row)
        return checked(row, values, [issue("email", "duplicate", `Listed twice in the file (row ${first})`)]);
      context.seen.set(key, row);
      // the file's earlier rows take the class's places first
      const takenKey = `places|${place.instanceId}`;
      const taken = context.seen.get(takenKey) ?? 0;
      if (place.bookedCount + taken >= place.capacity)
        return checked(row, values, [issue("class", "class_full", "The class is full")]);
      context.seen.set(takenKey, taken + 1);
      return checked(row, values, []);
    });
  },

  async write(tx, rows, context) {
    const planned = await plan(tx, rows, context);
    const written: WrittenRow[] = [];
    for (const { row, userId, place } of planned) {
      if (!userId || !place) {
        written.push({ row, outcome: "skipped", userId });
        continue;
      }
      written.push({ row, userId, outcome: await placeBooking(tx, context.accountId, userId, place.instanceId) });
    }
    return written;
  },
};

/**
 * One booking under the class's lock: unchanged when the member already holds a place, skipped when
 * the class filled since the preview; a credit of the member's best usable pass when there is one
 * (take_best_credit, as a booking takes it), else a desk booking without one.
 */
async function placeBooking(
  tx: TenantTx,
  accountId: string,
  userId: string,
  instanceId: string,
): Promise<WrittenRow["outcome"]> {
  const [locked] = await tx.$queryRaw<{ eventId: string; startsAt: Date; bookedCount: number; capacity: number }[]>`
    SELECT "eventId", "startsAt", "bookedCount", "capacity" FROM "Instance"
     WHERE "id" = ${instanceId} AND "accountId" = ${accountId} AND "status" <> 'cancelled' FOR UPDATE`;
  if (!locked) return "skipped";
  if ((await liveBookings(tx, [{ userId, instanceId }])).size > 0) return "unchanged";
  if (locked.bookedCount >= locked.capacity) return "skipped";
  const [taken] = await tx.$queryRaw<{ credit: string | null }[]>`
    SELECT take_best_credit(${accountId}, ${userId}, ${locked.eventId}, ${locked.startsAt.toISOString()}::timestamp, NULL, NULL) AS "credit"`;
  await tx.booking.create({
    data: { accountId, instanceId, attendeeId: userId, status: "confirmed", entitlementId: taken?.credit ?? null },
  });
  await tx.instance.update({ where: { id: instanceId }, data: { bookedCount: { increment: 1 } } });
  return "created";
}
