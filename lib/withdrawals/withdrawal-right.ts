import Holidays from "date-holidays";
import type { Order, Product } from "@prisma/client";
import { startOfLocalDay } from "@/lib/studio-time/day";
import { addDays, studioDate } from "@/lib/studio-time/studio-date";
import { isoWeekday } from "@/lib/studio-time/week";

/**
 * The right of withdrawal of a consumer's online purchase (forbrugeraftaleloven, "FAL"; decision
 * 0049). The one owner of which products carry it and until when an order may be withdrawn.
 */

/** Days of the withdrawal period of a service bought online (FAL §18 stk. 1). */
export const WITHDRAWAL_DAYS = 14;

export type ProductWithdrawal = { days: number } | null;

type ProductFacts = Pick<Product, "type" | "courseEventId">;

/**
 * Worked out, never chosen: a leisure service bound to a specific date or period has no right (FAL
 * §18 stk. 2 nr. 12): a drop-in for one class, a workshop or teacher training, and any course
 * product (its classes have fixed dates). An undated class pass, an unlimited pass and a membership
 * have 14 days.
 */
export function productWithdrawal(product: ProductFacts): ProductWithdrawal {
  return withdrawalExemption(product) ? null : { days: WITHDRAWAL_DAYS };
}

/** Why a product has no right of withdrawal, or null when it has one. */
export type WithdrawalExemption = "drop_in" | "dated_course";

export function withdrawalExemption(product: ProductFacts): WithdrawalExemption | null {
  if (product.type === "drop_in") return "drop_in";
  if (product.courseEventId !== null || product.type === "workshop" || product.type === "teacher_training") {
    return "dated_course";
  }
  return null;
}

export type OrderWithdrawalStatus = "open" | "withdrawn" | "ended";
export type OrderWithdrawal = { until: Date; status: OrderWithdrawalStatus } | null;

type OrderFacts = Pick<Order, "status" | "createdAt" | "paidAt" | "withdrawalDays">;

/**
 * When the withdrawal period of an order ends: at the end of the studio's day `withdrawalDays`
 * after the day the contract was made (its payment, else its placing), moved on to the end of the
 * next working day when that day is a Saturday, Sunday, public holiday, Grundlovsdag, Christmas Eve
 * or New Year's Eve (FAL §18 stk. 4). Null when the order carries no right.
 */
export function withdrawalUntil(order: OrderFacts, timezone: string): Date | null {
  if (order.withdrawalDays === null) return null;
  let lastDay = addDays(studioDate(order.paidAt ?? order.createdAt, timezone), order.withdrawalDays) as string;
  while (!isWorkingDay(lastDay)) lastDay = addDays(lastDay, 1) as string;
  return startOfLocalDay(addDays(lastDay, 1) as string, timezone);
}

/**
 * The order's withdrawal as the API answers it: `withdrawn` once a withdrawal was received, `open`
 * while a paid order's period runs at `now`, `ended` otherwise (the period over, or the order not
 * paid or refunded another way). Null when it carries no right.
 */
export function orderWithdrawal(
  order: OrderFacts,
  { timezone, withdrawn, now }: { timezone: string; withdrawn: boolean; now: Date },
): OrderWithdrawal {
  const until = withdrawalUntil(order, timezone);
  if (!until) return null;
  if (withdrawn) return { until, status: "withdrawn" };
  return { until, status: order.status === "paid" && now < until ? "open" : "ended" };
}

const DANISH_DAYS = new Holidays("DK");
/** Not public holidays, yet FAL §18 stk. 4 names them beside the public holidays. */
const NAMED_DAYS = ["06-05", "12-24", "12-31"];

function isWorkingDay(localIsoDate: string): boolean {
  if (isoWeekday(localIsoDate) >= 6 || NAMED_DAYS.includes(localIsoDate.slice(5))) return false;
  const year = Number(localIsoDate.slice(0, 4));
  return !DANISH_DAYS.getHolidays(year).some((day) => day.type === "public" && day.date.startsWith(localIsoDate));
}
