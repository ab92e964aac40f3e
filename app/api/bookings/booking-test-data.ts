// Test data for the booking tests, made directly in the tables (entitlements as the commerce code
// would leave them: the fields of the Entitlement table).
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export type TestClass = { id: string; eventId: string; startsAt: Date; endsAt: Date };

/** An event with one instance (default: in two days, capacity 10, audience everyone). */
export async function createClass(
  accountId: string,
  options: {
    startsAt?: Date;
    capacity?: number;
    audience?: string;
    groupIds?: string[];
    status?: string;
    title?: string;
    location?: string;
  } = {},
): Promise<TestClass> {
  const startsAt = options.startsAt ?? new Date(Date.now() + 2 * DAY);
  const event = await db.event.create({
    data: {
      accountId,
      title: options.title ?? `Class ${randomUUID().slice(0, 6)}`,
      location: options.location ?? "Studio 1",
      durationMinutes: 60,
      capacity: options.capacity ?? 10,
      status: "published",
    },
  });
  const endsAt = new Date(startsAt.getTime() + HOUR);
  const instance = await db.instance.create({
    data: {
      accountId,
      eventId: event.id,
      startsAt,
      endsAt,
      capacity: options.capacity ?? 10,
      audience: options.audience ?? "everyone",
      groupIds: options.groupIds ?? [],
      status: options.status ?? "scheduled",
    },
  });
  return { id: instance.id, eventId: event.id, startsAt, endsAt };
}

/** An entitlement of `userId` (default: 10 classes, valid from yesterday, no end, any event). */
export async function grant(
  accountId: string,
  userId: string,
  options: {
    remainingClasses?: number | null;
    validFrom?: Date;
    validUntil?: Date | null;
    status?: string;
    eligibleEventIds?: string[];
  } = {},
) {
  const product = await db.product.create({
    data: {
      accountId,
      type: options.remainingClasses === null ? "subscription" : "class_pass",
      name: "Pass",
      classAllowance: options.remainingClasses ?? null,
      eligibleEventIds: options.eligibleEventIds ?? [],
      status: "active",
    },
  });
  return db.entitlement.create({
    data: {
      accountId,
      userId,
      productId: product.id,
      remainingClasses: options.remainingClasses === undefined ? 10 : options.remainingClasses,
      validFrom: options.validFrom ?? new Date(Date.now() - DAY),
      validUntil: options.validUntil ?? null,
      status: options.status ?? "active",
    },
  });
}

export async function remainingOf(entitlementId: string) {
  const entitlement = await db.entitlement.findUniqueOrThrow({ where: { id: entitlementId } });
  return { remainingClasses: entitlement.remainingClasses, status: entitlement.status };
}

export async function countersOf(instanceId: string) {
  const instance = await db.instance.findUniqueOrThrow({ where: { id: instanceId } });
  const live = await db.booking.groupBy({ by: ["status"], where: { instanceId }, _count: true });
  const count = (status: string) => live.find((row) => row.status === status)?._count ?? 0;
  return {
    bookedCount: instance.bookedCount,
    waitlistCount: instance.waitlistCount,
    confirmed: count("confirmed"),
    waitlisted: count("waitlisted"),
  };
}

export async function setPolicy(
  accountId: string,
  policy: Partial<{
    opensDaysBefore: number;
    closesMinutesBefore: number;
    cancellationWindowHours: number;
    waitlistEnabled: boolean;
  }>,
) {
  await db.account.update({ where: { id: accountId }, data: policy });
}
