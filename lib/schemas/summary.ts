import { clampToAcceptedYears, IsoDateTime } from "./common";
import { z } from "./zod";
import { ruleIssue } from "@/lib/error-details";

const DAY_MS = 24 * 60 * 60 * 1000;
export const SUMMARY_DEFAULT_DAYS = 30;
export const SUMMARY_MAX_DAYS = 366;

/** The query parameters as documented; `SummaryQuery` resolves the defaults of the period. */
export const SummaryParams = z.object({
  from: IsoDateTime.optional().openapi({
    description: "Inclusive start of the period. Default: `to` − 30 days",
    example: "2026-10-01T00:00:00Z",
  }),
  to: IsoDateTime.optional().openapi({
    description:
      "Exclusive end of the period. Default: now, or `from` + 30 days when only `from` is given. At most 366 days after `from`",
    example: "2026-11-01T00:00:00Z",
  }),
});

export const SummaryQuery = SummaryParams.transform((query, context) => {
  const from = query.from ? new Date(query.from) : undefined;
  const to = query.to
    ? new Date(query.to)
    : from
      ? clampToAcceptedYears(new Date(from.getTime() + SUMMARY_DEFAULT_DAYS * DAY_MS))
      : new Date();
  const start = from ?? clampToAcceptedYears(new Date(to.getTime() - SUMMARY_DEFAULT_DAYS * DAY_MS));
  if (start >= to) context.addIssue({ code: "custom", path: ["to"], ...ruleIssue("range_end_not_after_start") });
  else if (to.getTime() - start.getTime() > SUMMARY_MAX_DAYS * DAY_MS) {
    context.addIssue({ code: "custom", path: ["to"], ...ruleIssue("period_too_long", { maximum: SUMMARY_MAX_DAYS }) });
  }
  return { from: start, to };
});

export const RevenueSchema = z
  .object({
    currency: z.string().openapi({ example: "DKK" }),
    amount: z.number().int().openapi({ example: 125000, description: "Sum of paid orders in minor units" }),
  })
  .openapi("Revenue");

export const VatRevenueSchema = z
  .object({
    currency: z.string().openapi({ example: "DKK" }),
    vatRate: z.number().nullable().openapi({
      example: 25,
      description:
        "The VAT rate in percent the orders were paid at (0: VAT-exempt teaching); null: paid while the studio had no VAT rate",
    }),
    amount: z
      .number()
      .int()
      .openapi({ example: 100000, description: "Sum of those paid orders in minor units, VAT included" }),
    vatAmount: z.number().int().nullable().openapi({
      example: 20000,
      description: "The VAT those amounts include, in minor units; null with `vatRate`",
    }),
  })
  .openapi("VatRevenue");

export const GiftCardFiguresSchema = z
  .object({
    sold: z.number().int().openapi({
      example: 150000,
      description:
        "Gift cards issued in the period (their initial amounts), in minor units. A card's sale is no revenue: no VAT",
    }),
    redeemed: z.number().int().openapi({
      example: 62500,
      description: "Spent from gift cards in the period, less what refunds gave back to cards in it, in minor units",
    }),
    outstanding: z
      .number()
      .int()
      .openapi({
        example: 210000,
        description:
          "The balance of all gift cards still valid at the period's end (`to`), in minor units: what the studio owes its card " +
          "holders then (expired cards count nothing)",
      }),
  })
  .openapi("GiftCardFigures");
export type GiftCardFiguresDto = z.infer<typeof GiftCardFiguresSchema>;

/** The figures of a period that also make each point of a series (the summary's without its gift cards). */
const SummaryFiguresSchema = z.object({
  bookings: z.number().int().openapi({
    example: 42,
    description: "Confirmed bookings (checked-in and no-shows included) of instances starting in the period",
  }),
  attended: z.number().int().openapi({ example: 30, description: "Of those, marked `attended`" }),
  noShows: z.number().int().openapi({ example: 3, description: "Of those, marked `no_show`" }),
  cancellations: z.number().int().openapi({
    example: 5,
    description:
      "Bookings of instances starting in the period cancelled in time (`cancelled`); cancellations by the studio are not counted",
  }),
  lateCancellations: z
    .number()
    .int()
    .openapi({ example: 2, description: "Bookings of instances starting in the period that are `late_cancelled`" }),
  fillRate: z.number().min(0).max(1).openapi({
    example: 0.65,
    description:
      "Confirmed bookings ÷ capacity of the instances starting in the period that are not cancelled (scheduled or moved); 0 without capacity, at most 1, rounded to 4 decimals",
  }),
  revenue: z.array(RevenueSchema).openapi({
    description: "Amounts of orders with status `paid` whose `paidAt` lies in the period, per currency (alphabetical)",
  }),
  revenueByVatRate: z.array(VatRevenueSchema).openapi({
    description:
      "The orders of `revenue` split by the VAT rate each was paid at: per currency (alphabetical), highest rate first, orders without VAT last",
  }),
  activeAttendees: z.number().int().openapi({
    example: 17,
    description: "Distinct attendees with a confirmed booking of an instance starting in the period",
  }),
});

export type SummaryDto = z.infer<typeof SummaryFiguresSchema>;

export const SummarySchema = SummaryFiguresSchema.extend({
  giftCards: GiftCardFiguresSchema.openapi({
    description:
      "Gift cards in the period (decision 0051): sold, redeemed net of refunds to cards, outstanding at its end",
  }),
}).openapi("Summary");
export type PeriodSummaryDto = z.infer<typeof SummarySchema>;
