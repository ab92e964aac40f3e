import type { Import } from "@prisma/client";
import { ruleIssue } from "@/lib/error-details";
import { DATE_FORMATS } from "@/lib/imports/import-dates";
import {
  columnsOf,
  IMPORT_FIELDS,
  IMPORT_KINDS,
  IMPORT_SOURCES,
  unmappedRequired,
  type ImportKind,
} from "@/lib/imports/recognize-header";
import { Id, text } from "./common";
import { ExportParams, LanguageParam } from "./export";
import { cursorKey, PageParams } from "./page";
import { z } from "./zod";

export const ImportKindSchema = z.enum(IMPORT_KINDS).openapi("ImportKind");
export const ImportStatusSchema = z.enum(["previewed", "committing", "committed", "failed"]).openapi("ImportStatus");
export const ImportFieldSchema = z.enum(IMPORT_FIELDS).openapi("ImportField", {
  description:
    "people: email (required), displayName, firstName, lastName, phone, dateOfBirth, notes; passes: email, product (required), " +
    "remainingClasses, validUntil, validFrom; memberships: email, product, nextRenewal (required), price; bookings: email, date, " +
    "time, class (all required)",
});
export const DateFormatSchema = z.enum(DATE_FORMATS).openapi("ImportDateFormat");

const ColumnSchema = z
  .object({
    header: z.string().openapi({ example: "E-mail" }),
    field: ImportFieldSchema.nullable().openapi({
      description: "The field this column fills; null: the column is ignored",
    }),
  })
  .openapi("ImportColumn");

export const ImportSchema = z
  .object({
    id: z.string(),
    accountId: z.string(),
    kind: ImportKindSchema,
    status: ImportStatusSchema,
    source: z.enum(IMPORT_SOURCES).openapi({ description: "Whose export the header row was recognised as" }),
    columns: z.array(ColumnSchema).openapi({ description: "The file's columns in order" }),
    unmappedFields: z.array(ImportFieldSchema).openapi({
      description:
        "Required fields no column holds yet (a header not recognised): every row is invalid for them until PATCH maps a " +
        "column to each, and commit answers 400 `import_field_unmapped`",
    }),
    dateFormat: DateFormatSchema.openapi({
      description: "How the file's dates are read: detected, or as PATCH set it",
    }),
    totalRows: z.number().int(),
    validRows: z.number().int(),
    invalidRows: z.number().int(),
    unchangedRows: z
      .number()
      .int()
      .openapi({ description: "Rows that would change nothing (a member already holding this data)" }),
    created: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Once committed: rows that created (a person: a member of this studio)" }),
    updated: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Once committed: rows that filled empty fields of what existed" }),
    unchanged: z.number().int().nullable().openapi({ description: "Once committed: rows that changed nothing" }),
    createdAt: z.iso.datetime(),
    committedAt: z.iso.datetime().nullable(),
    invitedAt: z.iso
      .datetime()
      .nullable()
      .openapi({ description: "When POST /imports/{importId}/invite queued the welcome emails; null: not yet" }),
  })
  .openapi("Import");

const RowIssueSchema = z.object({
  field: z.string(),
  code: z.string().openapi({ example: "invalid_email" }),
  message: z.string().openapi({ example: "Not an email address" }),
});

export const ImportRowSchema = z
  .object({
    row: z.number().int().openapi({ description: "The row's number in the file; the header row is 1" }),
    status: z.enum(["valid", "invalid", "unchanged"]),
    values: z.record(z.string(), z.string()).openapi({ description: "The row's cell of each mapped column, by field" }),
    errors: z.array(RowIssueSchema).openapi({
      description:
        "Why the row is invalid, one per field: required, invalid_email, invalid_date, invalid_number, expired, duplicate, too_long, " +
        "unknown_person, unknown_product, unknown_price, unknown_class, invalid_time, class_full",
    }),
    kept: z.array(RowIssueSchema).openapi({
      description: "people: fields whose value differs from the member's own, which is kept (code `kept_existing`)",
    }),
  })
  .openapi("ImportRow");

export const ImportIdParams = z.object({ importId: Id });
export const CreateImportQuery = z.object({ kind: ImportKindSchema });

export const UpdateImportInput = z
  .strictObject({
    columns: z
      .array(z.strictObject({ header: text().max(1000), field: ImportFieldSchema.nullable() }))
      .max(500)
      .optional(),
    dateFormat: DateFormatSchema.optional(),
  })
  .openapi("UpdateImportInput");

const RowKey = z.tuple([z.number().int()]);

export const ListImportRowsQuery = z
  .object({ status: z.enum(["valid", "invalid", "unchanged"]).optional(), ...PageParams })
  .transform(({ cursor, ...query }, context) => {
    if (cursor !== undefined && query.limit === undefined)
      context.addIssue({ code: "custom", path: ["cursor"], ...ruleIssue("cursor_without_limit") });
    const after = cursorKey(RowKey, cursor, context);
    return { ...query, after: after?.[0] };
  });

export const InvalidRowsParams = ExportParams.extend({ language: LanguageParam });
export const InvalidRowsQuery = InvalidRowsParams.transform(({ delimiter, language }) => ({
  delimiter: delimiter === "semicolon" ? ";" : ",",
  language,
}));

export const InviteResultSchema = z.object({ queued: z.number().int() }).openapi("ImportInviteResult");

export type ImportDto = z.infer<typeof ImportSchema>;

export function serializeImport(record: Import): ImportDto {
  return {
    id: record.id,
    accountId: record.accountId,
    kind: record.kind as ImportDto["kind"],
    status: record.status as ImportDto["status"],
    source: record.source as ImportDto["source"],
    columns: columnsOf(record),
    unmappedFields: unmappedRequired(record.kind as ImportKind, columnsOf(record)),
    dateFormat: record.dateFormat as ImportDto["dateFormat"],
    totalRows: record.totalRows,
    validRows: record.validRows,
    invalidRows: record.invalidRows,
    unchangedRows: record.totalRows - record.validRows - record.invalidRows,
    created: record.created,
    updated: record.updated,
    unchanged: record.unchanged,
    createdAt: record.createdAt.toISOString(),
    committedAt: record.committedAt?.toISOString() ?? null,
    invitedAt: record.invitedAt?.toISOString() ?? null,
  };
}
