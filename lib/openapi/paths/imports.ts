import {
  CreateImportQuery,
  ImportIdParams,
  ImportRowSchema,
  ImportSchema,
  InvalidRowsParams,
  InviteResultSchema,
  ListImportRowsQuery,
  UpdateImportInput,
} from "@/lib/schemas/import";
import { z } from "@/lib/schemas/zod";
import { authFor, errorResponse, jsonBody, jsonResponse, linkHeader, registry } from "../registry";

// Bringing a studio's members, passes, memberships and bookings from the system it leaves (issue 31 §1).

const tags = ["Account"];
const admin = authFor("admin");
const notFound = errorResponse(404, "Resource not found");
const notInPreview = errorResponse(409, "Import is not in preview");
const busy = {
  ...errorResponse(503, "Service unavailable"),
  description:
    "The process already reads, commits or checks again as many imports as it runs at once (`IMPORTS_AT_ONCE`, 2 by " +
    "default) and a few more wait their turn; `Retry-After` (seconds) tells when to try again. Nothing was read or written.",
  headers: { "Retry-After": { description: "Seconds to wait", schema: { type: "integer" as const } } },
};

registry.registerPath({
  method: "post",
  path: "/imports",
  operationId: "createImport",
  tags,
  summary: "Upload a CSV file to import: every row read and checked, nothing written yet",
  description:
    "The file is the body (`Content-Type: text/csv`, at most 10 MB: 413 above), UTF-8 with or without a byte order mark or " +
    "Windows-1252 (as Excel in Danish locales saves it), its delimiter (comma, semicolon or tab) detected. The header row is " +
    "recognised: the client exports of Mindbody, Momence and bsport (`source`) and a generic set of English and Danish names " +
    "(email/e-mail, name/navn, first name/fornavn, last name/efternavn, phone/telefon/mobil, date of birth/fødselsdato, notes/noter, " +
    "product/produkt, …, and the column names of our own people.csv and passes.csv, so that GET /exports/studio.zip imports back " +
    "as it is); dates are read in the format that reads most of them (`dateFormat`, PATCH changes it), and a pass's `validFrom` " +
    "or `validUntil` written as an ISO 8601 date-time with an offset (`2026-01-01T09:30:00.000Z`) is that moment exactly. Answers the " +
    "import `previewed`: only the import and its rows are written; a required field no column holds (a header not " +
    "recognised: Mindbody's `Series Name` and `Pricing Option`, Momence's `Membership name`, bsport's `Offre` are the " +
    "product) is listed in `unmappedFields`, every row invalid for it until PATCH maps a column. 400 with details for an empty file (`import_empty`), a first " +
    "row that holds values (`import_no_header`), a quote never closed (`import_malformed`), more than 500 columns (`import_too_many_columns`), a NUL character (`unstorable_text`), or a " +
    "line longer than 64 kB (65,536 bytes; a cell in it, quoted or not, counts in full): `import_line_too_long` with the " +
    "`line` and the `maximum`, answered as soon as the line passes the limit, without reading it further. The file is " +
    "read as it arrives; each process reads a few imports at once, and more are answered 503 with `Retry-After`.",
  security: admin.security,
  request: {
    query: CreateImportQuery,
    body: { required: true, content: { "text/csv": { schema: { type: "string" } } } },
  },
  responses: {
    201: jsonResponse("The import, previewed", ImportSchema),
    400: errorResponse(400),
    ...admin.responses,
    413: errorResponse(413),
    503: busy,
  },
});

registry.registerPath({
  method: "get",
  path: "/imports",
  operationId: "listImports",
  tags,
  summary: "The studio's imports, newest first",
  security: admin.security,
  responses: { 200: jsonResponse("The imports", z.array(ImportSchema)), ...admin.responses },
});

registry.registerPath({
  method: "get",
  path: "/imports/{importId}",
  operationId: "getImport",
  tags,
  summary: "One import and its figures",
  security: admin.security,
  request: { params: ImportIdParams },
  responses: { 200: jsonResponse("The import", ImportSchema), ...admin.responses, 404: notFound },
});

registry.registerPath({
  method: "patch",
  path: "/imports/{importId}",
  operationId: "updateImport",
  tags,
  summary: "Change which field a column fills, or how dates are read; every row is checked again",
  description:
    "`columns`: every column of the file in its order with its header, each with a field of the import's kind or null " +
    "(ignored); 400 otherwise, for a field given twice, or a required field left without a column. 409 `Import is not in " +
    "preview` once committing.",
  security: admin.security,
  request: { params: ImportIdParams, body: jsonBody(UpdateImportInput) },
  responses: {
    200: jsonResponse("The import, checked again", ImportSchema),
    400: errorResponse(400),
    ...admin.responses,
    404: notFound,
    409: notInPreview,
    413: errorResponse(413),
    503: busy,
  },
});

registry.registerPath({
  method: "delete",
  path: "/imports/{importId}",
  operationId: "deleteImport",
  tags,
  summary: "Delete an import and its rows; what it wrote stays",
  security: admin.security,
  request: { params: ImportIdParams },
  responses: { 204: { description: "Deleted" }, ...admin.responses, 404: notFound },
});

registry.registerPath({
  method: "get",
  path: "/imports/{importId}/rows",
  operationId: "listImportRows",
  tags,
  summary: "An import's rows as checked, in file order",
  description: "Of one `status` or all; keyset pages as GET /users (`limit`, then the `Link` header's `cursor`).",
  security: admin.security,
  request: { params: ImportIdParams, query: ListImportRowsQuery },
  responses: {
    200: { ...jsonResponse("The rows", z.array(ImportRowSchema)), headers: { Link: linkHeader } },
    400: errorResponse(400),
    ...admin.responses,
    404: notFound,
  },
});

registry.registerPath({
  method: "post",
  path: "/imports/{importId}/commit",
  operationId: "commitImport",
  tags,
  summary: "Write the import's valid rows (invalid ones are skipped)",
  description:
    "Answers 202 with the import `committing`, or `committed` when it finished at once (the request writes the first " +
    "500 rows itself); the rows are written in the " +
    "background, in batches that are each all-or-nothing, and a commit interrupted (a process dying) continues where it " +
    "stopped. Poll GET /imports/{importId} for `committed` (or `failed`) and the figures `created`, `updated`, `unchanged`. " +
    "people: matched by email to an existing identity, whose own data is never overwritten (empty fields are filled); a " +
    "new person becomes an attendee. The same file committed twice creates nothing the second time. 409 `Import is not in " +
    "preview` a second time; 400 `import_field_unmapped` while a required field has no column (`unmappedFields`: PATCH " +
    "maps one first).",
  security: admin.security,
  request: { params: ImportIdParams },
  responses: {
    202: jsonResponse("The import, committing", ImportSchema),
    400: errorResponse(400),
    ...admin.responses,
    404: notFound,
    409: notInPreview,
    503: busy,
  },
});

registry.registerPath({
  method: "post",
  path: "/imports/{importId}/invite",
  operationId: "inviteImport",
  tags,
  summary: "Email every person the import created a welcome, once",
  description:
    '"<studio> now takes bookings here", in the studio\'s language, through the email outbox, with a one-tap link ' +
    "that signs the person in (single-use, 14 days from the sending; a used or expired one opens the studio's sign-in " +
    "page with their email filled in); " +
    "`queued` says how many were queued (0 on a second call, and for kinds other than people). 409 `Import is not " +
    "committed` before the commit has finished.",
  security: admin.security,
  request: { params: ImportIdParams },
  responses: {
    202: jsonResponse("How many welcome emails were queued", InviteResultSchema),
    ...admin.responses,
    404: notFound,
    409: errorResponse(409, "Import is not committed"),
  },
});

registry.registerPath({
  method: "get",
  path: "/imports/{importId}/invalid.csv",
  operationId: "exportInvalidImportRows",
  tags,
  summary: "An import's invalid rows as CSV, to fix and upload again",
  description:
    "The file's header row and its invalid rows' cells as read, in file order, with a last column `errors` saying what is " +
    "wrong with each (`field: message`; with `language` the column's header and each field and reason in that language, " +
    "as the import's page says them: `Fejl`, `E-mail: ikke en e-mailadresse`); in the dialect of the CSV exports (UTF-8 with a byte order mark, CRLF, `?delimiter=semicolon` for " +
    "Excel in Danish locales, formula-like cells prefixed with `'`).",
  security: admin.security,
  request: { params: ImportIdParams, query: InvalidRowsParams },
  responses: {
    200: {
      description: "invalid-rows.csv",
      headers: {
        "Content-Disposition": { description: 'attachment; filename="invalid-rows.csv"', schema: { type: "string" } },
      },
      content: { "text/csv": { schema: { type: "string" } } },
    },
    400: errorResponse(400),
    ...admin.responses,
    404: notFound,
  },
});
