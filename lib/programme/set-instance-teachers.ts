import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { enqueueBookingEmails } from "@/lib/bookings/booking-email-outbox";
import { AppError } from "@/lib/errors";
import { changeInstance } from "./change-instance";
import { resolveEventReferences } from "./resolve-event-references";

/**
 * Gives one class teachers of its own, e.g. a substitute (docs/decisions/0013): `teacherIds`
 * (members of the account, else 400, as on events) replace the instance's, `ownTeachers` becomes
 * true so that later changes of the event's teachers no longer reach it, and a `teachers` exception
 * records who taught it before and who does now. The attendees with a confirmed booking of a class
 * that has not started are emailed (after commit, through the booking email outbox). The same
 * teachers again change nothing and email nobody. A cancelled instance answers 409.
 */
export async function setInstanceTeachers({
  db,
  instanceId,
  teacherIds,
  now = new Date(),
}: {
  db: TenantDb;
  instanceId: string;
  teacherIds: string[];
  now?: Date;
}) {
  const replacement = [...new Set(teacherIds)];
  await resolveEventReferences({ db, teacherIds });
  let changed = false;
  const instance = await changeInstance({
    db,
    instanceId,
    decide: (instance) => {
      if (instance.status === "cancelled") throw new AppError("instance_cancelled");
      changed = !sameSet(instance.teacherIds, replacement);
      if (!changed) return { data: { teacherIds: replacement, ownTeachers: true } }; // at most a new order
      return {
        data: { teacherIds: replacement, ownTeachers: true },
        exception: {
          type: "teachers",
          originalStartsAt: instance.startsAt,
          replacementStartsAt: null,
          originalTeacherIds: instance.teacherIds,
          replacementTeacherIds: replacement,
        },
      };
    },
    alsoInTransaction: async (tx, before) => {
      if (!changed || before.startsAt <= now) return;
      const booked = await tx.booking.findMany({
        where: { instanceId: before.id, status: "confirmed" },
        select: { id: true },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      });
      await enqueueBookingEmails(
        tx,
        before.accountId,
        booked.map((booking) => ({ kind: "teachers_changed" as const, bookingId: booking.id })),
      );
    },
  });
  return instance;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}
