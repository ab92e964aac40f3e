import {
  AccountPaymentsSchema,
  StripeOnboardingLinkSchema,
  UpdateAccountPaymentsInput,
} from "@/lib/schemas/account-payments";
import { WebhookReceiptSchema } from "@/lib/schemas/order";
import { z } from "@/lib/schemas/zod";
import { authFor, errorChoices, errorResponse, jsonBody, jsonResponse, registry } from "../registry";

const tags = ["Commerce"];
const admin = authFor("admin");

registry.registerPath({
  method: "get",
  path: "/account/payments",
  operationId: "getPaymentSettings",
  tags,
  summary: "How the studio takes payments",
  description:
    "`provider` is the service's PAYMENTS_PROVIDER. With `stripe`, `stripe` is the studio's own Stripe account (Stripe Connect): " +
    "`not_connected` before POST /account/payments/stripe/onboarding, `onboarding` until its details are submitted, `active` " +
    "when it can take payments (POST /checkout answers 409 `Payments are not set up for this studio` otherwise), `restricted` " +
    "when Stripe has disabled its charges or wants more information. Kept current by its `account.updated` events " +
    "(POST /payments/stripe/connect-webhook). `mobilepay`: the studio's own Vipps MobilePay sales unit for memberships " +
    "(`failing` when Vipps MobilePay refused its keys on the last call). `platformFeePercent`: the platform's application fee on each payment.",
  security: admin.security,
  responses: { 200: jsonResponse("The studio's payments", AccountPaymentsSchema), ...admin.responses },
});

registry.registerPath({
  method: "patch",
  path: "/account/payments",
  operationId: "updatePaymentSettings",
  tags,
  summary: "Choose the payment methods offered in Stripe Checkout; connect or disconnect Vipps MobilePay",
  description:
    "Any field may be left out. `paymentMethods`: `card` is always offered; `mobilepay` is offered for one-off purchases " +
    "through Stripe when the studio's currency is DKK, EUR, NOK or SEK (400 for another currency). `mobilepay`: the studio's " +
    "own Vipps MobilePay sales unit (merchant serial number, client id, client secret, subscription key, test or production), " +
    "through which members pay memberships; its keys are stored encrypted and never answered; null disconnects it. " +
    "Its keys are proved by asking Vipps MobilePay for an access token: keys it refuses are saved with status `failing`; " +
    "accepted keys register the studio's webhook with its Webhooks API (the one registered before is removed); " +
    "503 when it cannot be reached (nothing saved). `mobilepayGraceDays` (0 to 60, default 7): how long a member whose MobilePay " +
    "renewal failed may still book after the period they did not pay for (`mobilepay.graceDays` in the answer).",
  security: admin.security,
  request: { body: jsonBody(UpdateAccountPaymentsInput) },
  responses: {
    200: jsonResponse("The studio's payments", AccountPaymentsSchema),
    400: errorResponse(400),
    ...admin.responses,
    413: errorResponse(413),
    503: errorResponse(503),
  },
});

registry.registerPath({
  method: "post",
  path: "/account/payments/stripe/onboarding",
  operationId: "startStripeOnboarding",
  tags,
  summary: "Open Stripe's onboarding of the studio's own account",
  description:
    "Makes the studio's connected Stripe account on first use (later calls reuse it) and answers a fresh Stripe Account Link; " +
    "its return and refresh URLs lead back to the dashboard's Payments settings. 409 `Payments run in demo mode` with the demo " +
    "provider; 503 when Stripe cannot be reached.",
  security: admin.security,
  responses: {
    201: jsonResponse("Stripe's onboarding page", StripeOnboardingLinkSchema),
    ...admin.responses,
    409: errorChoices(["Payments run in demo mode"]),
    503: errorResponse(503),
  },
});

registry.registerPath({
  method: "post",
  path: "/payments/stripe/connect-webhook",
  operationId: "receiveStripeConnectWebhook",
  tags,
  summary: "Stripe Connect webhook endpoint (events of the studios' connected accounts)",
  description:
    "Called by Stripe, not by clients. The `Stripe-Signature` header is verified against the raw body with " +
    "STRIPE_CONNECT_WEBHOOK_SECRET. Events name the connected `account`; they are handled as on POST /payments/stripe/webhook " +
    "(an order's events only for the studio connected to that account) and `account.updated` updates the studio's Stripe status. " +
    "Each event takes effect exactly once however often it is delivered; other event types answer 200 and are ignored.",
  security: [],
  request: {
    headers: z.object({
      "Stripe-Signature": z.string().openapi({
        description:
          "Stripe's signature of the raw body (verified with STRIPE_CONNECT_WEBHOOK_SECRET); its timestamp `t` more than 5 minutes " +
          "before or after the server's clock answers 400 `Invalid signature`",
      }),
    }),
    body: {
      required: true,
      content: { "application/json": { schema: z.looseObject({}).openapi({ description: "A Stripe Event object" }) } },
    },
  },
  responses: {
    200: jsonResponse("Received", WebhookReceiptSchema),
    400: errorChoices(["Invalid signature"]),
    413: errorResponse(413),
  },
});

registry.registerPath({
  method: "post",
  path: "/payments/mobilepay/webhook/{accountId}",
  operationId: "receiveMobilepayWebhook",
  tags,
  summary: "A studio's Vipps MobilePay webhook endpoint (Recurring agreement and charge events)",
  description:
    "Called by Vipps MobilePay, not by clients; registered through its Webhooks API when the studio connects its sales unit. " +
    "Each delivery is verified as Vipps MobilePay documents: `x-ms-content-sha256` is the raw body's SHA-256 and `Authorization` " +
    "an HMAC-SHA256 under the registration's secret of the method, path, `x-ms-date`, host and content hash. An unknown studio, " +
    "one without a registration, a bad signature, or an `x-ms-date` more than 5 minutes before or after the server's clock " +
    "(a replayed delivery; the poll still catches an event whose delivery was refused or lost) answers 400 `Invalid signature`. " +
    'A verified event only says "look again": ' +
    "the agreement (or charge) it names is read from Vipps MobilePay and its state applied to the order it pays, once however often it " +
    "is delivered (the same as the poll that runs as a safety net): an agreement approved with its initial charge captured makes the " +
    "membership's order `paid` with its entitlement; one declined (`STOPPED`) or expired makes it `failed`. An event of no order of ours " +
    "is acknowledged and ignored. 503 when Vipps MobilePay cannot be asked (it delivers again later).",
  security: [],
  request: {
    params: z.object({ accountId: z.string().uuid().openapi({ description: "The studio's account id" }) }),
    headers: z.object({
      "x-ms-date": z
        .string()
        .openapi({ description: "When the delivery was signed (RFC 1123); within 5 minutes of the server's clock" }),
      "x-ms-content-sha256": z.string().openapi({ description: "The raw body's SHA-256, base64" }),
      Authorization: z.string().openapi({
        description: "`HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=<base64>`",
      }),
    }),
    body: {
      required: true,
      content: {
        "application/json": { schema: z.looseObject({}).openapi({ description: "A Vipps MobilePay Recurring event" }) },
      },
    },
  },
  responses: {
    200: jsonResponse("Received", WebhookReceiptSchema),
    400: errorChoices(["Invalid signature"]),
    413: errorResponse(413),
    503: errorResponse(503),
  },
});
