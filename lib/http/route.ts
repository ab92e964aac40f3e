import "server-only";
import { NextRequest, NextResponse } from "next/server";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { toErrorResponse } from "./error-response";
import { recordRequest } from "./metrics";
import {
  prepareRouteInput,
  type AuthLevel,
  type HandlerInput,
  type NextContext,
  type RouteConfig,
  type Schema,
} from "./route-input";

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
  K extends boolean = false,
>(
  config: RouteConfig<A, P, Q, B, K>,
  handler: (input: HandlerInput<A, P, Q, B, K>) => Promise<Response>,
): RouteHandler {
  return async (rawRequest, context) => {
    const started = performance.now();
    const request = asNextRequest(rawRequest);
    let response: Response;
    try {
      response = await handler(await prepareRouteInput(config, request, context));
    } catch (error) {
      response = toErrorResponse(error, config.operation, started);
    }
    const durationMs = Math.round((performance.now() - started) * 100) / 100;
    recordRequest(config.operation, response.status, durationMs, request.method);
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
