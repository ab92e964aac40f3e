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
import "./paths/commerce";
import "./paths/memberships";
import "./paths/promo-codes";
import "./paths/calendar";
import "./paths/admin";
import "./paths/people";
import "./paths/api-keys";

let cached: ReturnType<OpenApiGeneratorV31["generateDocument"]> | undefined;

export function openApiDocument() {
  cached ??= new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Studio Booking API",
      version: "0.3.0",
      description: "Multi-tenant booking service for yoga, dance and fitness studios. Contract 0.2.0 plus decisions.",
    },
    servers: [{ url: "/api" }],
    tags: ["System", "Authentication", "Account", "Programme", "Commerce", "Bookings", "Administration"].map((name) => ({ name })),
  });
  return cached;
}
