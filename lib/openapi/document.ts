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

let cached: ReturnType<OpenApiGeneratorV31["generateDocument"]> | undefined;

export function openApiDocument() {
  cached ??= new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Studio Booking API",
      version: "0.3.0",
      description: "Multi-tenant booking service for yoga, dance and fitness studios. Contract 0.2.0 plus decisions.",
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: "/api" }],
    tags: TAGS,
  });
  return cached;
}
