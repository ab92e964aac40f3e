import { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import type { ZodType } from "zod";
import { ErrorSchema, ValidationErrorSchema } from "@/lib/schemas/common";

export const registry = new OpenAPIRegistry();

export const bearerAuth = registry.registerComponent("securitySchemes", "bearerAuth", {
  type: "http",
  scheme: "bearer",
  description:
    "`Authorization: Bearer <token>`: a session's `session.id` from POST /auth/magic-links/consume, or an API key's " +
    "secret (`sbk_…`, POST /api-keys). A key acts as an administrator of its account, but is no person: a person's own " +
    "operations (`/me…`, `/session/account`, `/auth/logout`, `POST /checkout`, `POST /checkout/quote`, booking options, `POST /bookings` " +
    "without `attendeeId`, managing API keys) answer it 403 `Insufficient permission`. Each key may make " +
    "`API_KEY_RATE_LIMIT_PER_MINUTE` requests a minute (600 by default); past them every operation answers it 429 " +
    "`Too many requests` with `Retry-After`.",
});
export const demoCookie = registry.registerComponent("securitySchemes", "demoSession", {
  type: "apiKey",
  in: "cookie",
  name: "demo_session",
  description: "HttpOnly cookie set by POST /demo-auth/session (demo mode only)",
});
export const webCookie = registry.registerComponent("securitySchemes", "webSession", {
  type: "apiKey",
  in: "cookie",
  name: "session",
  description: "HttpOnly cookie set by the web sign-in",
});

const MESSAGES: Record<number, string> = {
  400: "Validation failed",
  401: "Authentication required",
  403: "Insufficient permission",
  404: "Resource not found",
  405: "Method not allowed",
  409: "Conflict",
  413: "Payload too large",
  422: "Idempotency key reused with a different request",
  429: "Too many requests",
  500: "Internal server error",
  503: "Service unavailable",
};

/** An error response; `message` is the contract's exact text for this operation. */
export function errorResponse(status: number, message = MESSAGES[status] ?? "Error") {
  const schema = status === 400 ? ValidationErrorSchema : ErrorSchema;
  return { description: message, content: { "application/json": { schema, example: { error: message } } } };
}

export function jsonResponse(description: string, schema: ZodType) {
  return { description, content: { "application/json": { schema } } };
}

/** The `Link` header of a keyset page (GET /users, GET /orders with `limit`). */
export const linkHeader = {
  description:
    "RFC 8288: `<…>; rel=next`, the same request with the next `cursor`, while more rows remain; absent on the last page " +
    "and without `limit`",
  schema: {
    type: "string" as const,
    example: "</api/users?limit=50&cursor=WyJJZGEgSG9sbSIsImlkYUBleGFtcGxlLmNvbSJd>; rel=next",
  },
};

export function jsonBody(schema: ZodType) {
  return { required: true, content: { "application/json": { schema } } };
}

type Auth = "none" | "member" | "staff" | "admin";

/** The 403 of an operation that is a person's own (route `personOnly`): an API key is refused. */
const PERSON_ONLY_403 = {
  ...errorResponse(403),
  description: "Insufficient permission: an API key is no person, and this operation is a person's own",
};

/**
 * Security requirement and the 401/403 (and an API key's 429) responses that go with an auth
 * level; `personOnly`: the route refuses API keys.
 */
export function authFor(auth: Auth, options: { personOnly?: boolean } = {}) {
  if (auth === "none") return { security: [] as Record<string, string[]>[], responses: {} };
  const responses: Record<number, ReturnType<typeof errorResponse>> = { 401: errorResponse(401) };
  if (auth === "admin" || auth === "staff") responses[403] = errorResponse(403);
  if (options.personOnly) responses[403] = PERSON_ONLY_403;
  responses[429] = { ...errorResponse(429), description: "Too many requests (an API key past its rate limit)" };
  return {
    security: [{ [bearerAuth.name]: [] }, { [demoCookie.name]: [] }, { [webCookie.name]: [] }],
    responses,
  };
}

/** One status with several possible messages, each shown as an example. */
export function errorChoices(messages: string[]) {
  return {
    description: messages.map((message) => `\`${message}\``).join(", "),
    content: {
      "application/json": {
        schema: ErrorSchema,
        examples: Object.fromEntries(messages.map((message) => [message, { value: { error: message } }])),
      },
    },
  };
}
