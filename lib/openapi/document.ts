import { OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { registry } from "./registry";
// Each area registers its operations on import.
import "./paths/system";
import "./paths/account";
import "./paths/demo";
import "./paths/public";
import "./paths/auth";
import "./paths/programme";
import "./paths/series";
import "./paths/bookings";
import "./paths/standing-bookings";
import "./paths/commerce";
import "./paths/memberships";
import "./paths/promo-codes";
import "./paths/calendar";
import "./paths/admin";
import "./paths/people";
import "./paths/my-data";
import "./paths/payments";
import "./paths/dinero";
import "./paths/imports";
import "./paths/strikes";
import "./paths/households";
import "./paths/terms";
import "./paths/withdrawals";
import "./paths/gift-cards";

/** The document's tags, in the order the rendered documentation shows them. */
const TAGS = [
  {
    name: "System",
    description: "Health probes, counters, this document, the public configuration and calendar feeds.",
  },
  {
    name: "Authentication",
    description:
      "Signing up, magic links, signing out and switching the session's studio. Sessions and API keys are sent as `Authorization: Bearer …`.",
  },
  { name: "Account", description: "The signed-in person, the studio's settings, its people and groups." },
  {
    name: "Programme",
    description:
      "Locations, class lengths, events, their recurring series and their instances (the classes on the calendar).",
  },
  {
    name: "Commerce",
    description:
      "Products and prices, seasons, checkout, orders, refunds, passes and memberships, promo codes and exports.",
  },
  { name: "Bookings", description: "Booking and cancelling places, waitlists, rosters and attendance." },
  { name: "Administration", description: "The studio's summary and scheduled jobs, for administrators." },
  {
    name: "Webhooks",
    description: "Endpoints that receive the studio's events, signed (Standard Webhooks), and their deliveries.",
  },
];
import "./paths/api-keys";
import "./paths/webhooks";
import "./paths/webhook-events";

type Document = ReturnType<OpenApiGeneratorV31["generateDocument"]>;
let cached: Document | undefined;

/**
 * Any operation may answer 503 with Retry-After (README, decision 0008): the process sheds requests
 * past its limits before routing (decision 0011), and a database that is unreachable, saturated or
 * busy answers every route so. Operations that say more about their 503 keep their own.
 */
const SERVICE_UNAVAILABLE = {
  description:
    "Service unavailable: the server is saturated, or the database unreachable or busy; `Retry-After` (seconds) tells when to try again",
  headers: { "Retry-After": { description: "Seconds to wait", schema: { type: "integer" as const } } },
  content: {
    "application/json": {
      schema: { $ref: "#/components/schemas/Error" },
      example: { error: "Service unavailable" },
    },
  },
};

function withServiceUnavailable(document: Document): Document {
  for (const item of Object.values(document.paths ?? {})) {
    for (const method of ["get", "put", "post", "delete", "patch"] as const) {
      const operation = item[method];
      if (!operation?.responses) continue;
      const own = operation.responses["503"] as { headers?: Record<string, unknown> } | undefined;
      if (!own) operation.responses["503"] = SERVICE_UNAVAILABLE;
      else own.headers = { ...SERVICE_UNAVAILABLE.headers, ...own.headers };
    }
  }
  return document;
}

export function openApiDocument() {
  cached ??= withServiceUnavailable(
    new OpenApiGeneratorV31(registry.definitions).generateDocument({
      openapi: "3.1.0",
      info: {
        title: "Studio Booking API",
        version: "0.3.0",
        description: "Multi-tenant booking service for yoga, dance and fitness studios. Contract 0.2.0 plus decisions.",
        license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
      },
      servers: [{ url: "/api" }],
      tags: TAGS,
    }),
  );
  return cached;
}
