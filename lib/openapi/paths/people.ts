import { ListMyBookingsParams, MyBookingSchema } from "@/lib/schemas/booking";
import { EntitlementSchema } from "@/lib/schemas/entitlement";
import {
  BOOKINGS_CSV_HEADER,
  ExportParams,
  SheetExportParams,
  ExportRangeParams,
  ORDERS_CSV_HEADER,
  JOURNAL_CSV_HEADER,
  JournalParams,
  PASSES_CSV_HEADER,
  PEOPLE_CSV_HEADER,
  PRODUCTS_CSV_HEADER,
  PROGRAMME_CSV_HEADER,
  RECEIPTS_CSV_HEADER,
} from "@/lib/schemas/export";
import { OrderSchema } from "@/lib/schemas/order";
import { ExportOrdersParams, ORDER_FILTER_DESCRIPTION } from "@/lib/schemas/order-filter";
import { UserIdParams } from "@/lib/schemas/user-input";
import { z } from "@/lib/schemas/zod";
import { authFor, errorResponse, jsonResponse, registry } from "../registry";

// One person's history and the CSV exports (issue 16 §3). GET /users itself is in account.ts.

const tags = ["Account"];
const admin = authFor("admin");
const notFound = errorResponse(404, "Resource not found");
const personNotHere = "404 for a person who holds no membership in the active account (whatever they hold elsewhere).";

registry.registerPath({
  method: "get",
  path: "/users/{userId}/bookings",
  operationId: "listUserBookings",
  tags,
  summary: "One person's bookings in the active account, with instance and event",
  description:
    "What GET /me/bookings answers that person: every status, in chronological order of the instances; `from` (inclusive) " +
    `and \`to\` (exclusive) bound the instance's start. ${personNotHere}`,
  security: admin.security,
  request: { params: UserIdParams, query: ListMyBookingsParams },
  responses: {
    200: jsonResponse("The bookings", z.array(MyBookingSchema)),
    400: errorResponse(400),
    ...admin.responses,
    404: notFound,
  },
});

registry.registerPath({
  method: "get",
  path: "/users/{userId}/entitlements",
  operationId: "listUserEntitlements",
  tags,
  summary: "One person's entitlements (passes, credits left) in the active account, newest first",
  description: `What GET /me/entitlements answers that person, of every status. ${personNotHere}`,
  security: admin.security,
  request: { params: UserIdParams },
  responses: { 200: jsonResponse("The entitlements", z.array(EntitlementSchema)), ...admin.responses, 404: notFound },
});

registry.registerPath({
  method: "get",
  path: "/users/{userId}/orders",
  operationId: "listUserOrders",
  tags,
  summary: "One person's orders in the active account, newest first",
  description: `What GET /me/orders answers that person. ${personNotHere}`,
  security: admin.security,
  request: { params: UserIdParams },
  responses: { 200: jsonResponse("The orders", z.array(OrderSchema)), ...admin.responses, 404: notFound },
});

// ---------------------------------------------------------------- CSV exports

const CSV_COMMON =
  "Streamed as it is read (the whole account, batch by batch). `text/csv; charset=utf-8` with a UTF-8 byte order mark " +
  '(Excel then reads "Søren" right) and `Content-Disposition: attachment`. RFC 4180: CRLF line ends, a field holding the ' +
  "delimiter, a quote or a line break is quoted and its quotes doubled; `?delimiter=semicolon` for Excel in Danish locales. " +
  "A cell starting with `=`, `+`, `-`, `@`, tab or CR is prefixed with `'` so that a spreadsheet shows it rather than runs it. " +
  "Instants are ISO 8601 UTC, dates YYYY-MM-DD, absent values empty. The header row names the columns: ";

function csvResponse(description: string) {
  return {
    description,
    headers: {
      "Content-Disposition": { description: 'attachment; filename="….csv"', schema: { type: "string" as const } },
    },
    content: { "text/csv": { schema: { type: "string" as const } } },
  };
}

const columns = (header: string[]) => header.map((name) => `\`${name}\``).join(", ") + ".";

registry.registerPath({
  method: "get",
  path: "/exports/people.csv",
  operationId: "exportPeople",
  tags,
  summary: "The people of the active account as CSV",
  description: `Everyone holding a membership here, by name then email, as GET /users lists them. ${CSV_COMMON}${columns(PEOPLE_CSV_HEADER)}. With \`language\`, for a spreadsheet instead: name, email, phone, role, status, date of birth and notes, headed in that language.`,
  security: admin.security,
  request: { query: SheetExportParams },
  responses: { 200: csvResponse("people.csv"), 400: errorResponse(400), ...admin.responses },
});

registry.registerPath({
  method: "get",
  path: "/exports/bookings.csv",
  operationId: "exportBookings",
  tags: ["Bookings"],
  summary: "The bookings of the active account as CSV",
  description:
    "Bookings of every status whose class starts in [`from`, `to`) (each optional, ISO 8601 with an offset, as on GET " +
    "/instances; `to` must be after `from`, else 400), in the classes' chronological order, then by booking id. " +
    `${CSV_COMMON}${columns(BOOKINGS_CSV_HEADER)}`,
  security: admin.security,
  request: { query: ExportRangeParams },
  responses: { 200: csvResponse("bookings.csv"), 400: errorResponse(400), ...admin.responses },
});

registry.registerPath({
  method: "get",
  path: "/exports/orders.csv",
  operationId: "exportOrders",
  tags: ["Commerce"],
  summary: "The orders of the active account as CSV",
  description:
    `The orders GET /orders answers for the same filters, oldest first, then by id; \`amount\` in minor units as in the API; ` +
    "`vatRate` (percent; 0 = VAT-exempt teaching) and `vatAmount` (minor units) as the order was paid at, empty without VAT: revenue split by VAT rate. " +
    `${ORDER_FILTER_DESCRIPTION} ${CSV_COMMON}${columns(ORDERS_CSV_HEADER)}. With \`language\`, for a spreadsheet instead: ` +
    "created, paid (on the studio's clock), status, payment, buyer, buyer's email, product, amount, currency, VAT rate and VAT, headed in that language.",
  security: admin.security,
  request: { query: ExportOrdersParams },
  responses: { 200: csvResponse("orders.csv"), 400: errorResponse(400), ...admin.responses },
});

registry.registerPath({
  method: "get",
  path: "/exports/journal.csv",
  operationId: "exportJournal",
  tags: ["Commerce"],
  summary:
    "The studio's books for a period: one journal line per financial event, for e-conomic's or Dinero's journal import",
  description:
    "One line per financial event of the studio days [`from`, `to`] (both required, `YYYY-MM-DD` in the studio's timezone, " +
    "`to` included; missing, malformed or reversed → 400): each order paid in the period (`kind` `sale`, or `instalment` for a " +
    "later instalment of a price paid in parts) and each refund made in it (`refund`, amounts negated); sales first, then " +
    "refunds, each chronologically. `date` is the studio's day of the event; `amount` and `vatAmount` are in major units " +
    "(`125.5` = 125,50 kr.), VAT included in `amount`; `vatRate` in percent (0: VAT-exempt teaching; empty: the studio had no " +
    "VAT rate). `account` is the clearing account the money arrives on (`cardClearingAccount`, or " +
    "`mobilepayClearingAccount` for MobilePay), `contraAccount` the sales account (`salesAccount`, or `exemptSalesAccount` " +
    "at rate 0) and `vatAccount` the output VAT account (empty without VAT), all from GET /account/accounting. Orders of " +
    "amount 0 move no money and are left out; payment fees are not known to the service and are not listed. Gift cards " +
    "(decision 0051): a card's sale is `gift_card_sale`, credited to `giftCardLiability` without VAT; an order a card paid " +
    "for in part or whole has a line per payer with its share of the VAT, the card's with `paymentMethod` `gift_card` and " +
    "`account` `giftCardLiability` (a refund gives the provider's part back first, then the card's); after the refunds, a " +
    "card's expiry (`gift_card_expiry`: debit `giftCardLiability`, credit `exemptSalesAccount`, no VAT; negated when " +
    "reversed for a payout after expiry) and its payout (`gift_card_payout`: debit `giftCardLiability`, credit " +
    "`cardClearingAccount`) are lines without a receipt number. For the same " +
    "period, sales less refunds equal GET /admin/summary's `revenue` and `revenueByVatRate` whenever the period's refunds are " +
    `of orders paid in it. ${CSV_COMMON}${columns(JOURNAL_CSV_HEADER)}`,
  security: admin.security,
  request: { query: JournalParams },
  responses: { 200: csvResponse("journal.csv"), 400: errorResponse(400), ...admin.responses },
});

registry.registerPath({
  method: "get",
  path: "/exports/studio.zip",
  operationId: "exportStudio",
  tags,
  summary: "Everything the active account holds, as one ZIP of CSV files",
  description:
    "A studio's way out with everything, streamed as it is read (batch by batch: memory stays bounded whatever the studio's " +
    'size). `application/zip`, `Content-Disposition: attachment; filename="<slug>-<YYYY-MM-DD>.zip"`. Entries, in this order:\n\n' +
    `- \`people.csv\`: as GET /exports/people.csv. ${columns(PEOPLE_CSV_HEADER)}\n` +
    `- \`passes.csv\`: every entitlement (passes, memberships, desk grants) of every status, oldest first; \`status\` as the API shows it. ${columns(PASSES_CSV_HEADER)}\n` +
    `- \`bookings.csv\`: as GET /exports/bookings.csv without bounds. ${columns(BOOKINGS_CSV_HEADER)}\n` +
    `- \`orders.csv\`: as GET /exports/orders.csv without filters. ${columns(ORDERS_CSV_HEADER)}\n` +
    `- \`products.csv\`: one record per price of each product (a product without prices: one record, price columns empty). ${columns(PRODUCTS_CSV_HEADER)}\n` +
    `- \`programme.csv\`: events, then series, then classes (instances, chronological), told apart by \`kind\` (\`event\`, \`series\`, \`class\`); lists (teacherIds, weekdays, groupIds) separated by spaces. ${columns([...PROGRAMME_CSV_HEADER])}\n` +
    `- \`receipts.csv\`: the paid orders by receipt number. ${columns(RECEIPTS_CSV_HEADER)}\n` +
    "- `manifest.json`: `{ account, exportedAt, files: [{ name, rows }] }`: the account as GET /me shows it, the instant of the export, and each file with `rows` counting its records after the header.\n\n" +
    "The people and passes files read back through an import of people and of passes (`email`, `displayName`, `dateOfBirth`, `phone`, `notes`; " +
    "`email`, `product`, `remainingClasses`, `validFrom`, `validUntil`). Every CSV: " +
    CSV_COMMON.replace(" The header row names the columns: ", ""),
  security: admin.security,
  request: { query: ExportParams },
  responses: {
    200: {
      description: "The archive",
      headers: {
        "Content-Disposition": {
          description: 'attachment; filename="<slug>-<date>.zip"',
          schema: { type: "string" as const },
        },
      },
      content: { "application/zip": { schema: { type: "string" as const, format: "binary" } } },
    },
    400: errorResponse(400),
    ...admin.responses,
  },
});
