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
