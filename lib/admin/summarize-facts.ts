import type { SummaryDto } from "@/lib/schemas/summary";
import { basisPointsToPercent } from "@/lib/receipts/vat";
import { fillRate } from "./fill-rate";
import type { PeriodFacts } from "./load-period-facts";

/**
 * The figures of decisions §8 from a period's rows (pure, so the totals and each chart bucket are
 * computed the same way):
 * - bookings / attended / noShows: confirmed bookings of the period's instances, and their check-ins;
 * - cancellations / lateCancellations: bookings with status `cancelled` / `late_cancelled`;
 * - fillRate: confirmed bookings of instances that take place ÷ their capacity;
 * - revenue: paid orders per currency, alphabetical; revenueByVatRate: the same split by the VAT rate
 *   each order was frozen at (decision 0041): per currency, highest rate first, orders without VAT last;
 * - activeAttendees: distinct confirmed attendees.
 */
export function summarizeFacts(facts: PeriodFacts): SummaryDto {
  let bookings = 0;
  let attended = 0;
  let noShows = 0;
  let cancellations = 0;
  let lateCancellations = 0;
  let seated = 0;
  const attendees = new Set<string>();
  for (const booking of facts.bookings) {
    if (booking.status === "confirmed") {
      bookings++;
      attendees.add(booking.attendeeId);
      if (!booking.instanceCancelled) seated++;
      if (booking.attendance === "attended") attended++;
      if (booking.attendance === "no_show") noShows++;
    } else if (booking.status === "cancelled") cancellations++;
    else if (booking.status === "late_cancelled") lateCancellations++;
  }
  const capacity = facts.instances.reduce((sum, instance) => sum + instance.capacity, 0);
  const byCurrency = new Map<string, number>();
  for (const order of facts.orders)
    byCurrency.set(order.currency, (byCurrency.get(order.currency) ?? 0) + order.amount);
  return {
    bookings,
    attended,
    noShows,
    cancellations,
    lateCancellations,
    fillRate: fillRate(seated, capacity),
    revenue: [...byCurrency].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, amount })),
    revenueByVatRate: revenueByVatRate(facts.orders),
    activeAttendees: attendees.size,
  };
}

function revenueByVatRate(orders: PeriodFacts["orders"]): SummaryDto["revenueByVatRate"] {
  const groups = new Map<string, SummaryDto["revenueByVatRate"][number]>();
  for (const order of orders) {
    const key = `${order.currency} ${order.vatRateBasisPoints ?? "none"}`;
    const group = groups.get(key) ?? {
      currency: order.currency,
      vatRate: order.vatRateBasisPoints === null ? null : basisPointsToPercent(order.vatRateBasisPoints),
      amount: 0,
      vatAmount: order.vatRateBasisPoints === null ? null : 0,
    };
    group.amount += order.amount;
    if (group.vatAmount !== null) group.vatAmount += order.vatAmount ?? 0;
    groups.set(key, group);
  }
  return [...groups.values()].sort(
    (a, b) => a.currency.localeCompare(b.currency) || (b.vatRate ?? -1) - (a.vatRate ?? -1),
  );
}
