import { AccountingSettingsSchema, UpdateAccountingSettingsInput } from "@/lib/schemas/accounting";
import { DineroSettingsSchema, UpdateDineroSettingsInput } from "@/lib/schemas/dinero";
import { authFor, errorResponse, jsonBody, jsonResponse, registry } from "../registry";

const tags = ["Commerce"];
const admin = authFor("admin");

registry.registerPath({
  method: "get",
  path: "/account/accounting/dinero",
  operationId: "getDineroSettings",
  tags,
  summary: "Whether the studio's books go to Dinero",
  description:
    "With an organization set, every paid order becomes a booked manual voucher in the studio's Dinero with its receipt " +
    "PDF attached, and every refund a credit voucher with its credit note, sent in the background and retried on failure " +
    "(the dashboard's orders page shows each order's). `failing` while the last voucher sent did not reach Dinero. The " +
    "credentials are never answered.",
  security: admin.security,
  responses: { 200: jsonResponse("The studio's Dinero connection", DineroSettingsSchema), ...admin.responses },
});

registry.registerPath({
  method: "patch",
  path: "/account/accounting/dinero",
  operationId: "updateDineroSettings",
  tags,
  summary: "Connect the studio's Dinero organization, or disconnect it",
  description:
    "`dinero`: the organization id and the API credentials of a Dinero personal integration (client id, client secret and " +
    "the organization's API key). They are tried against Dinero's token endpoint first: 400 with code " +
    "`dinero_credentials_rejected` when Dinero refuses them, 503 when Dinero cannot be reached. Stored encrypted; vouchers " +
    "that had failed are tried again. `null` disconnects: nothing more is sent (vouchers waiting stay until connected again). " +
    "Orders paid while not connected are never sent.",
  security: admin.security,
  request: { body: jsonBody(UpdateDineroSettingsInput) },
  responses: {
    200: jsonResponse("The studio's Dinero connection", DineroSettingsSchema),
    400: errorResponse(400),
    ...admin.responses,
    413: errorResponse(413),
    503: errorResponse(503),
  },
});

registry.registerPath({
  method: "get",
  path: "/account/accounting",
  operationId: "getAccountingSettings",
  tags,
  summary: "The studio's account numbers in its bookkeeping",
  description:
    "The accounts GET /exports/journal.csv names and Dinero vouchers post to (decision 0041). A studio that never set them " +
    "has the defaults of Dinero's standard chart: sales 1000, sales without VAT 1050, output VAT 61100, the bank 55000 " +
    "for card and MobilePay payments, and 63030 (prepayments from customers) for gift cards sold and not yet spent.",
  security: admin.security,
  responses: { 200: jsonResponse("The studio's account numbers", AccountingSettingsSchema), ...admin.responses },
});

registry.registerPath({
  method: "patch",
  path: "/account/accounting",
  operationId: "updateAccountingSettings",
  tags,
  summary: "Change the studio's account numbers",
  description:
    "The account numbers given (positive integers up to 999999999; anything else → 400) replace the studio's; the others " +
    "stay. The journal export and vouchers made from then on use them; vouchers already in Dinero keep theirs.",
  security: admin.security,
  request: { body: jsonBody(UpdateAccountingSettingsInput) },
  responses: {
    200: jsonResponse("The studio's account numbers", AccountingSettingsSchema),
    400: errorResponse(400),
    ...admin.responses,
    413: errorResponse(413),
  },
});
