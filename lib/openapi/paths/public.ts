import { AccountSchema } from "@/lib/schemas/account";
import { ConfigSchema, SlugParams } from "@/lib/schemas/demo";
import { z } from "@/lib/schemas/zod";
import { errorResponse, jsonResponse, registry } from "../registry";

// Placeholders until the programme and commerce areas register their public shapes.
const PublicProgrammeSchema = z
  .object({ events: z.array(z.looseObject({})), instances: z.array(z.looseObject({})) })
  .openapi("PublicProgramme");
const PublicProductListSchema = z.array(z.looseObject({}));

registry.registerPath({
  method: "get",
  path: "/config",
  tags: ["System"],
  summary: "What a client may know before signing in",
  security: [],
  responses: { 200: jsonResponse("Deployment configuration", ConfigSchema) },
});

registry.registerPath({
  method: "get",
  path: "/public/accounts/{slug}",
  tags: ["System"],
  summary: "An active account by its public slug",
  security: [],
  request: { params: SlugParams },
  responses: { 200: jsonResponse("The account", AccountSchema), 404: errorResponse(404) },
});

registry.registerPath({
  method: "get",
  path: "/public/accounts/{slug}/events",
  tags: ["System"],
  summary: "Published events and scheduled, publicly bookable instances of an account",
  security: [],
  request: { params: SlugParams },
  responses: { 200: jsonResponse("The public programme", PublicProgrammeSchema), 404: errorResponse(404) },
});

registry.registerPath({
  method: "get",
  path: "/public/accounts/{slug}/products",
  tags: ["System"],
  summary: "Active drop-ins, passes and subscriptions of an account",
  security: [],
  request: { params: SlugParams },
  responses: { 200: jsonResponse("The public products", PublicProductListSchema), 404: errorResponse(404) },
});
