import { ACCEPTED_YEAR_BOUNDS, Id, IsoDate, IsoDateTime } from "./common";
import { SheetExportParams } from "./export";
import { OrderStatusSchema } from "./order";
import { cursorKey, PageParams } from "./page";
import { z } from "./zod";
import { ruleIssue } from "@/lib/error-details";

/** A bound of the orders' period: a studio date (the whole day) or an exact instant. */
export type PeriodBound = { date: string } | { instant: Date };

const PeriodBoundParam = z
  .string()
  .superRefine((value, context) => {
    const parsed = /^\d{4}-\d{2}-\d{2}$/.test(value) ? IsoDate.safeParse(value) : IsoDateTime.safeParse(value);
    if (parsed.success) return;
    const format = parsed.error.issues.some((issue) => issue.code === "invalid_format");
    context.addIssue({
      code: "custom",
      ...(format ? ruleIssue("date_or_instant") : ruleIssue("year_out_of_range", ACCEPTED_YEAR_BOUNDS)),
    });
  })
  .transform((value): PeriodBound => (value.length === 10 ? { date: value } : { instant: new Date(value) }));

/**
 * The filters of GET /orders and GET /exports/orders.csv. The period is on `createdAt` (every order has
 * one; pending and failed orders have no `paidAt`): a date means the studio's whole day, in its timezone,
 * at either end; an instant is exact, `to` exclusive.
 */
export const OrderFilterParams = {
  status: OrderStatusSchema.optional().openapi({ description: "Only orders with this status" }),
  productId: Id.optional().openapi({ description: "Only orders of this product" }),
  userId: Id.optional().openapi({ description: "Only orders of this person (the buyer)" }),
  from: PeriodBoundParam.optional().openapi({
    type: "string",
    example: "2026-11-01",
    description:
      "Orders created from this studio date (00:00 in the studio's timezone), or from this instant (ISO 8601 with an offset)",
  }),
  to: PeriodBoundParam.optional().openapi({
    type: "string",
    example: "2026-11-30",
    description:
      "Orders created up to and including this studio date, or before this instant (exclusive). Must not be before `from`",
  }),
};

/** The filters' rules, for the operations' descriptions. */
export const ORDER_FILTER_DESCRIPTION =
  "Filters (each optional, combined): `status`, `productId` (another studio's product keeps nothing), `userId` (the " +
  "buyer: one person's orders; someone not of this studio keeps nothing), and a period on " +
  "`createdAt` — not `paidAt`, so that pending and failed orders can be found too; GET /admin/summary's revenue counts " +
  "by `paidAt`. `from` and `to` each take a date (`YYYY-MM-DD`: the studio's whole day in its timezone, `to` included) " +
  "or an ISO 8601 instant with an offset (exact; `to` excluded). 400 for an unknown status, a malformed bound, or a " +
  "period that ends before it starts (`to` must be after `from`).";

export type OrderFilter = {
  status?: z.infer<typeof OrderStatusSchema>;
  productId?: string;
  userId?: string;
  from?: PeriodBound;
  to?: PeriodBound;
};

/** The filter of a parsed query, with an issue on `to` when the period ends before it starts (dates alike). */
export function readOrderFilter(
  query: { status?: OrderFilter["status"]; productId?: string; userId?: string; from?: PeriodBound; to?: PeriodBound },
  context: z.RefinementCtx,
): OrderFilter {
  const { status, productId, userId, from, to } = query;
  if (from && to && endsBeforeStart(from, to))
    context.addIssue({ code: "custom", path: ["to"], ...ruleIssue("range_end_not_after_start") });
  return {
    ...(status ? { status } : {}),
    ...(productId ? { productId } : {}),
    ...(userId ? { userId } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}

// Comparable without the studio's timezone only when both are dates or both are instants; a mixed pair is
// checked once resolved (orderFilterWhere).
function endsBeforeStart(from: PeriodBound, to: PeriodBound): boolean {
  if ("date" in from && "date" in to) return to.date < from.date;
  if ("instant" in from && "instant" in to) return to.instant <= from.instant;
  return false;
}

export const ListOrdersParams = z.object({ ...PageParams, ...OrderFilterParams });

/** The sort key of GET /orders and its cursor: created, then id, both descending. */
export const OrderKey = z
  .tuple([z.iso.datetime(), Id])
  .transform(([createdAt, id]) => [new Date(createdAt), id] as const);
export type OrderKey = readonly [Date, string];

export const ListOrdersQuery = ListOrdersParams.transform(({ cursor, limit, ...filter }, context) => {
  if (cursor !== undefined && limit === undefined)
    context.addIssue({ code: "custom", path: ["cursor"], ...ruleIssue("cursor_without_limit") });
  return { limit, after: cursorKey(OrderKey, cursor, context), filter: readOrderFilter(filter, context) };
});

export const ExportOrdersParams = SheetExportParams.extend(OrderFilterParams);

export const ExportOrdersQuery = ExportOrdersParams.transform(({ delimiter, language, ...filter }, context) => ({
  delimiter: delimiter === "semicolon" ? ";" : ",",
  language,
  filter: readOrderFilter(filter, context),
}));

/** The dashboard's filter form (GET, its fields named as the API's parameters; a blank field filters nothing). */
export const OrderFilterQuery = z
  .object(OrderFilterParams)
  .transform((query, context) => readOrderFilter(query, context));

/** The query string of a filter as given (dates and all), for the CSV link and a page's links. */
export function orderFilterSearch(filter: OrderFilter): URLSearchParams {
  const search = new URLSearchParams();
  if (filter.status) search.set("status", filter.status);
  if (filter.productId) search.set("productId", filter.productId);
  if (filter.userId) search.set("userId", filter.userId);
  for (const name of ["from", "to"] as const) {
    const bound = filter[name];
    if (bound) search.set(name, "date" in bound ? bound.date : bound.instant.toISOString());
  }
  return search;
}
