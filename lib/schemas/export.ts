import { AccountSchema } from "./account";
import { IsoDate, IsoDateTime } from "./common";
import { z } from "./zod";
import { ruleIssue } from "@/lib/error-details";
import { LOCALES } from "@/lib/i18n/locales";

/** The CSV exports' options (GET /exports/*.csv). */
export const ExportParams = z.object({
  delimiter: z.enum(["comma", "semicolon"]).optional().openapi({
    description:
      "`comma` (default, RFC 4180) or `semicolon`, which Excel expects where the decimal separator is a comma (Danish locales)",
  }),
});

export const ExportRangeParams = ExportParams.extend({
  from: IsoDateTime.optional().openapi({ description: "Inclusive lower bound (see the operation). Default: no bound" }),
  to: IsoDateTime.optional().openapi({
    description: "Exclusive upper bound (see the operation). Default: no bound",
    example: "2026-12-31T23:00:00Z",
  }),
});

/** A CSV a person opens in a spreadsheet: its words in the page's language. */
export const LanguageParam = z.enum(LOCALES).optional().openapi({
  description:
    "The language of the file's own words (`da` or `en`), as the page that links it speaks; without it the API's English " +
    "words and field names",
});

/** A CSV the dashboard offers "for Excel" too: with `language`, for a person rather than a program. */
export const SheetExportParams = ExportParams.extend({
  language: LanguageParam.openapi({
    description:
      "For a person in a spreadsheet rather than a program (`da` or `en`, the page's language): the header in that " +
      "language, codes as its words, instants as `YYYY-MM-DD HH:mm` on the studio's clock, amounts in the currency's " +
      "major unit with the language's decimal mark (`1200,00`), and no ids. It does not import back: without it the " +
      "columns are the API's",
  }),
});

const toSeparator = (delimiter: "comma" | "semicolon" | undefined) => (delimiter === "semicolon" ? ";" : ",");

export const ExportQuery = ExportParams.transform(({ delimiter }) => ({ delimiter: toSeparator(delimiter) }));

export const SheetExportQuery = SheetExportParams.transform(({ delimiter, language }) => ({
  delimiter: toSeparator(delimiter),
  language,
}));

export const ExportRangeQuery = ExportRangeParams.transform(({ delimiter, ...range }, context) => {
  const from = range.from ? new Date(range.from) : undefined;
  const to = range.to ? new Date(range.to) : undefined;
  if (from && to && from >= to) context.addIssue({ code: "custom", path: ["to"], ...ruleIssue("range_end_not_after_start") });
  return { delimiter: toSeparator(delimiter), from, to };
});

/** GET /exports/journal.csv: studio dates, both required, `to` included (decision 0041). */
export const JournalParams = ExportParams.extend({
  from: IsoDate.openapi({ description: "The first studio day of the period (`YYYY-MM-DD`, in the studio's timezone)", example: "2026-11-01" }),
  to: IsoDate.openapi({ description: "The last studio day of the period, included (`YYYY-MM-DD`)", example: "2026-11-30" }),
});

export const JournalQuery = JournalParams.transform(({ delimiter, from, to }, context) => {
  if (to < from) context.addIssue({ code: "custom", path: ["to"], ...ruleIssue("range_end_not_after_start") });
  return { delimiter: toSeparator(delimiter), from, to };
});

/** One CSV row: text as is, numbers in JavaScript's notation, instants in ISO 8601 UTC, null empty. */
export type CsvCell = string | number | null;
/** A CSV's header and its rows, read batch by batch (a keyset), so that an export never holds a whole table. */
export type CsvExport = { header: string[]; batches: AsyncIterable<CsvCell[][]> };

/** How many rows an export reads per query. */
export const EXPORT_BATCH_SIZE = 500;

/** The exports' columns: the API's field names (GET /exports/people.csv, bookings.csv, orders.csv). */
/** people.csv: `email`, `displayName`, `phone`, `dateOfBirth` and `notes` are what an import of people reads back. */
export const PEOPLE_CSV_HEADER = ["id", "displayName", "email", "persona", "status", "dateOfBirth", "phone", "notes"];

export const BOOKINGS_CSV_HEADER = [
  "id",
  "status",
  "attendance",
  "createdAt",
  "cancelledAt",
  "instanceId",
  "startsAt",
  "endsAt",
  "eventId",
  "eventTitle",
  "attendeeId",
  "attendeeName",
  "attendeeEmail",
  "entitlementId",
];

/** GET /exports/journal.csv (lib/exports/export-journal.ts): one line per financial event. */
export const JOURNAL_CSV_HEADER = [
  "date",
  "receiptNumber",
  "text",
  "customer",
  "amount",
  "currency",
  "vatRate",
  "vatAmount",
  "paymentMethod",
  "account",
  "contraAccount",
  "vatAccount",
  "kind",
  "orderId",
];

export const ORDERS_CSV_HEADER = [
  "id",
  "createdAt",
  "paidAt",
  "status",
  "provider",
  "amount",
  "currency",
  "userId",
  "userName",
  "userEmail",
  "productId",
  "productName",
  "priceId",
  "vatRate",
  "vatAmount",
];

/**
 * passes.csv of GET /exports/studio.zip: every entitlement. The first columns (`email`, `product`,
 * `remainingClasses`, `validFrom`, `validUntil`) are what an import of passes reads back.
 */
export const PASSES_CSV_HEADER = [
  "email",
  "displayName",
  "product",
  "productType",
  "remainingClasses",
  "validFrom",
  "validUntil",
  "status",
  "id",
  "userId",
  "productId",
  "orderId",
  "priceId",
  "note",
  "cancelAt",
  "pausedFrom",
  "pausedUntil",
  "createdAt",
];

/** products.csv: one record per price of each product. */
export const PRODUCTS_CSV_HEADER = [
  "productId",
  "type",
  "name",
  "description",
  "classAllowance",
  "validityDays",
  "purchaseLimitPerUser",
  "eligibleEventIds",
  "status",
  "createdAt",
  "priceId",
  "amount",
  "currency",
  "interval",
  "intervalCount",
  "minAge",
  "maxAge",
  "retired",
];

/** programme.csv: events, series and classes, told apart by `kind` (event | series | class). */
export const PROGRAMME_CSV_HEADER = [
  "kind",
  "id",
  "eventId",
  "seriesId",
  "title",
  "status",
  "startsAt",
  "endsAt",
  "capacity",
  "durationMinutes",
  "location",
  "locationId",
  "teacherIds",
  "description",
  "frequency",
  "interval",
  "weekdays",
  "monthDay",
  "localStartTime",
  "timezone",
  "startsOn",
  "endsOn",
  "count",
  "audience",
  "groupIds",
  "bookedCount",
  "waitlistCount",
  "createdAt",
] as const;

/** receipts.csv: the paid orders by receipt number. */
export const RECEIPTS_CSV_HEADER = [
  "receiptNumber",
  "orderId",
  "paidAt",
  "product",
  "amount",
  "discountAmount",
  "currency",
  "vatAmount",
  "vatRateBasisPoints",
  "provider",
  "status",
  "refundedAt",
  "userId",
  "userName",
  "userEmail",
];

export const StudioExportManifestSchema = z
  .object({
    account: AccountSchema,
    exportedAt: z.iso.datetime(),
    files: z.array(z.object({ name: z.string(), rows: z.number().int().openapi({ description: "Records after the header" }) })),
  })
  .describe("manifest.json of GET /exports/studio.zip");

export type StudioExportManifest = z.infer<typeof StudioExportManifestSchema>;
