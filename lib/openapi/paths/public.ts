import { AccountSchema } from "@/lib/schemas/account";
import { ConfigSchema, SlugParams } from "@/lib/schemas/demo";
import { PublicProductSchema } from "@/lib/schemas/product";
import { PublicProgrammeParams, PublicProgrammeSchema } from "@/lib/schemas/public-programme";
import { z } from "@/lib/schemas/zod";
import { errorResponse, jsonResponse, registry } from "../registry";

const PublicProductListSchema = z.array(PublicProductSchema);

registry.registerPath({
  method: "get",
  path: "/config",
  operationId: "getConfig",
  tags: ["System"],
  summary: "What a client may know before signing in",
  security: [],
  responses: { 200: jsonResponse("Deployment configuration", ConfigSchema) },
});

registry.registerPath({
  method: "get",
  path: "/public/accounts/{slug}",
  operationId: "getPublicAccount",
  tags: ["System"],
  summary: "An active account by its public slug",
  description:
    "With the studio's public `profile` (description, accent colour, logo, contact email, website; null where unset).",
  security: [],
  request: { params: SlugParams },
  responses: { 200: jsonResponse("The account", AccountSchema), 404: errorResponse(404) },
});

registry.registerPath({
  method: "get",
  path: "/public/accounts/{slug}/events",
  operationId: "listPublicEvents",
  tags: ["System"],
  summary: "Published events and scheduled, publicly bookable instances of an account",
  description:
    "`events`: the published events, each with `teachers: [{ id, displayName }]` (never emails). `instances`: " +
    "instances of published events with audience `everyone` and status `scheduled` or `moved` (a moved class takes " +
    "place at its new time) whose start lies in [from, to), in chronological order, each with `spotsLeft` = " +
    "max(capacity − bookedCount, 0) and never a list of attendees. Cancelled instances and those for groups or " +
    "nobody are omitted. `from`/`to` follow GET /instances: default now to 90 days ahead, at most 366 days (400).",
  security: [],
  request: { params: SlugParams, query: PublicProgrammeParams },
  responses: {
    200: jsonResponse("The public programme", PublicProgrammeSchema),
    400: errorResponse(400),
    404: errorResponse(404),
  },
});

registry.registerPath({
  method: "get",
  path: "/public/accounts/{slug}/products",
  operationId: "listPublicProducts",
  tags: ["System"],
  summary: "Active drop-ins, passes, subscriptions and courses of an account",
  description:
    "Intro offers (`newcomersOnly`) first: anyone may be new here. Only a person with no earlier paid order and no attended " +
    "class at the studio may buy one (POST /checkout 409 `Only for new customers`); the studio's passes page leaves them out " +
    "for a signed-in member who may not.",
  security: [],
  request: { params: SlugParams },
  responses: { 200: jsonResponse("The public products", PublicProductListSchema), 404: errorResponse(404) },
});
