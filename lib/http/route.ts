import "server-only";
import { NextRequest, NextResponse } from "next/server";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { startBookingEmailSender } from "@/lib/bookings/booking-email-outbox";
import { hashToken } from "@/lib/auth/tokens";
import { authenticateCredential, type Auth, type Credential } from "@/lib/auth/authenticate-credential";
import { assertSameOrigin, authenticate, presentedCredential } from "./authenticate";
import { toErrorResponse } from "./error-response";
import { recordRequest } from "./metrics";
import { parseBody, parsePathParams, parseQuery } from "./parse-input";

/**
 * `credential`: a session must be presented, and the handler's own statement checks it (one round
 * trip for a hot path, as `POST /bookings` does with book_instance). The route still answers 401 for
 * no credential, and authenticates first whenever it refuses the request for anything else (a
 * cross-origin cookie write, bad input), so 401 keeps its precedence as on every route.
 */
type AuthLevel = "none" | "optional" | "member" | "admin" | "credential";
type Schema = z.ZodType;
type Infer<S> = S extends Schema ? z.infer<S> : undefined;

export type RouteConfig<A extends AuthLevel, P, Q, B> = {
  /** The contract's row: "METHOD /path/{param}". Also the key of logs and metrics. */
  operation: string;
  auth: A;
  params?: P;
  query?: Q;
  body?: B;
};

/** A presented session credential that nothing has checked yet (auth level `credential`). */
export type UncheckedCredential = Credential & { tokenHash: string };

export type HandlerInput<A extends AuthLevel, P, Q, B> = {
  auth: A extends "member" | "admin" ? Auth : A extends "credential" ? undefined : Auth | undefined;
  credential: A extends "credential" ? UncheckedCredential : undefined;
  params: Infer<P>;
  query: Infer<Q>;
  body: Infer<B>;
  request: NextRequest;
};

type NextContext = { params: Promise<Record<string, string | string[]>> };
export type RouteHandler = (request: Request, context: NextContext) => Promise<Response>;

/**
 * Wraps one endpoint: authenticates, authorizes, parses params, query and body with zod, calls the
 * handler and maps every error to the contract's `{ error }` body. Logs one line per request.
 */
export function route<
  A extends AuthLevel,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(config: RouteConfig<A, P, Q, B>, handler: (input: HandlerInput<A, P, Q, B>) => Promise<Response>): RouteHandler {
  return async (rawRequest, context) => {
    const started = performance.now();
    startBackgroundWorkOnce();
    const request = asNextRequest(rawRequest);
    let response: Response;
    try {
      response = await handler(await prepare(config, request, context));
    } catch (error) {
      response = toErrorResponse(error, config.operation, started);
    }
    const durationMs = Math.round((performance.now() - started) * 100) / 100;
    recordRequest(config.operation, response.status, durationMs);
    log.info("request", { method: request.method, route: config.operation, status: response.status, durationMs });
    return response;
  };
}

/**
 * Next hands a route handler its own NextRequest, an instance of its server bundle's class, not of
 * ours, so `instanceof` cannot tell; its shape can. Wrapping it again would cost a request another
 * copy of its body through a new stream (a tenth of a millisecond per POST).
 */
function asNextRequest(request: Request): NextRequest {
  return "nextUrl" in request && "cookies" in request ? (request as NextRequest) : new NextRequest(request);
}

const background = globalThis as typeof globalThis & { __studioBackgroundStarted?: boolean };

/**
 * The first request a process serves starts its background work: the booking email sender's sweep,
 * which also sends what a process that died left in the outbox. (Not at boot: `next build` loads
 * the server code too, and must not touch a database.)
 */
function startBackgroundWorkOnce(): void {
  if (background.__studioBackgroundStarted) return;
  background.__studioBackgroundStarted = true;
  startBookingEmailSender();
}

async function prepare<
  A extends AuthLevel,
  P extends Schema | undefined,
  Q extends Schema | undefined,
  B extends Schema | undefined,
>(
  config: RouteConfig<A, P, Q, B>,
  request: NextRequest,
  context: NextContext | undefined,
): Promise<HandlerInput<A, P, Q, B>> {
  if (config.auth === "credential") {
    return (await prepareUnchecked(config, request, context)) as HandlerInput<A, P, Q, B>;
  }
  const auth = config.auth === "none" ? undefined : await authenticate(request);
  if (config.auth === "member" || config.auth === "admin") {
    if (!auth) throw new AppError("authentication_required");
    if (config.auth === "admin" && auth.persona !== "administrator") throw new AppError("insufficient_permission");
  }
  if (auth) assertSameOrigin(request, auth.session.via);
  return { auth, credential: undefined, ...(await parseInputs(config, request, context)) } as HandlerInput<A, P, Q, B>;
}

/** Auth level `credential`: the presented credential, unchecked, with the parsed inputs. */
async function prepareUnchecked(
  config: { params?: Schema; query?: Schema; body?: Schema },
  request: NextRequest,
  context: NextContext | undefined,
) {
  const credential = presentedCredential(request);
  if (!credential) throw new AppError("authentication_required");
  try {
    assertSameOrigin(request, credential.via);
    const inputs = await parseInputs(config, request, context);
    return { auth: undefined, credential: { ...credential, tokenHash: hashToken(credential.token) }, ...inputs };
  } catch (refusal) {
    await authenticateCredential(credential); // an unknown session is 401 before anything else
    throw refusal;
  }
}

async function parseInputs<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined>(
  config: { params?: P; query?: Q; body?: B },
  request: NextRequest,
  context: NextContext | undefined,
) {
  const params = config.params ? parsePathParams(config.params, (await context?.params) ?? {}) : undefined;
  const query = config.query ? parseQuery(config.query, request) : undefined;
  const body = config.body ? await parseBody(config.body, request) : undefined;
  return { params, query, body, request };
}

/** Answers 405 for the methods a path does not serve: `export const { PUT, DELETE } = notAllowed(...)`. */
export function methodNotAllowed(operation: string): RouteHandler {
  return route({ operation, auth: "none" }, async () => {
    throw new AppError("method_not_allowed");
  });
}

export function json(body: unknown, status = 200, headers?: HeadersInit): NextResponse {
  return NextResponse.json(body, { status, headers });
}

export function noContent(): NextResponse {
  return new NextResponse(null, { status: 204 });
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/**
 * The handlers of one path, with 405 `Method not allowed` for every method it does not serve:
 * `export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/groups", { GET: …, POST: … })`.
 */
export function endpoints(path: string, handlers: Partial<Record<Method, RouteHandler>>): Record<Method, RouteHandler> {
  return Object.fromEntries(
    METHODS.map((method) => [method, handlers[method] ?? methodNotAllowed(`${method} ${path}`)]),
  ) as Record<Method, RouteHandler>;
}
