import "server-only";
import type { Prisma } from "@prisma/client";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import type { OrderFilter, PeriodBound } from "@/lib/schemas/order-filter";
import { ruleDetail } from "@/lib/error-details";
import { startOfLocalDay, startOfNextLocalDay } from "@/lib/studio-time/day";

/**
 * The `where` of an order filter (GET /orders, its CSV export, the dashboard's orders page): status,
 * product, buyer, and `createdAt` in the period; a date bound is a whole day in the account's timezone.
 * 400 when the resolved period ends before it starts.
 */
export async function orderFilterWhere({
  db,
  accountId,
  filter,
}: {
  db: TenantDb;
  accountId: string;
  filter: OrderFilter;
}): Promise<Prisma.OrderWhereInput> {
  const { status, productId, userId, from, to } = filter;
  const timezone = isDate(from) || isDate(to) ? await accountTimezone(db, accountId) : "UTC";
  const start = from && startOf(from, timezone);
  const end = to && endOf(to, timezone);
  if (start && end && start >= end)
    throw new AppError("validation_failed", { details: [ruleDetail("to", "range_end_not_after_start")] });
  return {
    ...(status ? { status } : {}),
    ...(productId ? { productId } : {}),
    ...(userId ? { userId } : {}),
    ...(start || end ? { createdAt: { ...(start ? { gte: start } : {}), ...(end ? { lt: end } : {}) } } : {}),
  };
}

const isDate = (bound: PeriodBound | undefined) => bound !== undefined && "date" in bound;

async function accountTimezone(db: TenantDb, accountId: string): Promise<string> {
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { timezone: true } });
  return account.timezone;
}

function startOf(bound: PeriodBound, timezone: string): Date {
  return "date" in bound ? startOfLocalDay(bound.date, timezone) : bound.instant;
}

/** Exclusive: the next day's 00:00 for a date (the day itself is in the period). */
function endOf(bound: PeriodBound, timezone: string): Date {
  return "date" in bound ? startOfNextLocalDay(bound.date, timezone) : bound.instant;
}
