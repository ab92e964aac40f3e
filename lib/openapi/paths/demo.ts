import { z } from "@/lib/schemas/zod";
import { DemoLoginInput, DemoLoginSchema, DemoUsersQuery } from "@/lib/schemas/demo";
import { UserSchema } from "@/lib/schemas/user";
import { errorResponse, jsonBody, jsonResponse, registry } from "../registry";

const DISABLED = "Demo authentication is disabled";

/** 404 with the contract's exact message; `when` says which cases answer it. */
const disabled = (when: string) => ({ ...errorResponse(404, DISABLED), description: `${DISABLED}: ${when}` });

const setCookie = (description: string, example: string) => ({
  "Set-Cookie": { description, schema: { type: "string" as const, example } },
});

registry.registerPath({
  method: "post",
  path: "/demo-auth/session",
  operationId: "startDemoSession",
  tags: ["Authentication"],
  summary: "Sign in as a seeded demo persona (demo mode only)",
  description:
    "Sets the `demo_session` cookie (HttpOnly, SameSite=Lax, Path=/, one day; Secure when served over https), " +
    "which authenticates like a Bearer session on the demo tenant. `attendee` without `userId` is the first demo attendee, " +
    "`teacher` without `userId` the first demo teacher.",
  security: [],
  request: { body: jsonBody(DemoLoginInput) },
  responses: {
    201: {
      ...jsonResponse("Signed in as the persona", DemoLoginSchema),
      headers: setCookie("The demo session", "demo_session=<secret>; Path=/; Max-Age=86400; HttpOnly; SameSite=lax"),
    },
    400: errorResponse(400),
    404: disabled("demo mode off, or the persona or userId is not a seeded demo persona"),
    413: errorResponse(413),
    503: {
      ...errorResponse(503),
      description:
        "The demo was reset again and again while signing in (a sign-in during one reset waits for it and signs in " +
        "to the new demo studio); `Retry-After` (seconds) tells when to try again",
      headers: { "Retry-After": { description: "Seconds to wait", schema: { type: "integer" as const } } },
    },
  },
});

registry.registerPath({
  method: "delete",
  path: "/demo-auth/session",
  operationId: "endDemoSession",
  tags: ["Authentication"],
  summary: "End the demo session and clear its cookie; safe without one",
  security: [],
  responses: {
    204: {
      description: "Signed out",
      headers: setCookie("Clears the cookie", "demo_session=; Path=/; Max-Age=0; HttpOnly; SameSite=lax"),
    },
    403: errorResponse(403, "Insufficient permission"),
    404: disabled("demo mode off"),
  },
});

registry.registerPath({
  method: "get",
  path: "/demo-auth/users",
  operationId: "listDemoUsers",
  tags: ["Authentication"],
  summary: "The demo attendees (or teachers) one can sign in as",
  security: [],
  request: { query: DemoUsersQuery },
  responses: {
    200: jsonResponse("Selectable demo attendees (or teachers), the default one first", z.array(UserSchema)),
    400: errorResponse(400),
    404: disabled("demo mode off, or the demo tenant is not seeded"),
  },
});

registry.registerPath({
  method: "post",
  path: "/demo-auth/reset",
  operationId: "resetDemo",
  tags: ["Authentication"],
  summary: "Replace the canonical demo tenant with its fixture",
  description:
    "Only the demo tenant (slug `demo`) and its users who belong to no other account are replaced, in one " +
    "transaction; every other tenant, sandbox tenants included, is preserved. Every demo session ends. " +
    "A browser's request from another site (an `Origin` that is not this service's, or `Sec-Fetch-Site` other " +
    "than `same-origin`) is refused with 403.",
  security: [],
  responses: {
    204: {
      description: "Demo tenant restored",
      headers: setCookie("Clears the caller's demo cookie", "demo_session=; Path=/; Max-Age=0; HttpOnly; SameSite=lax"),
    },
    404: disabled("demo mode off"),
  },
});
