// Calls the real route handlers the way Next's router would: the path is matched against the files
// under app/api (static segments before [param] before [...catchAll]), the exported method handler
// is called with a real Request and the route params.
import { repairPercentEncoding } from "@/lib/http/incoming-request";
import { startBackgroundWork } from "@/lib/system/start-background-work";
import { findRouteFiles, loadHandler, matchRoute, type RouteFile } from "./route-matcher";

export type ApiResponse<T = any> = { status: number; body: T; headers: Headers; text: string; bytes: Uint8Array };

export type ApiOptions = {
  body?: unknown;
  /** A raw body, sent as is (malformed JSON, oversize payloads, a file's bytes, a body as it arrives). */
  rawBody?: string | Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>;
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
};

const ORIGIN = "http://localhost:3000";
let routes: RouteFile[] | undefined;

/** `await api("POST", "/groups", { token, body: { name: "Morning" } })` → status, parsed body, headers. */
export async function api<T = any>(
  method: string,
  pathAndQuery: string,
  options: ApiOptions = {},
): Promise<ApiResponse<T>> {
  routes ??= findRouteFiles();
  startBackgroundWork(); // what the app's server starts when it starts (instrumentation.ts); here, at the first request
  // as the app's server does before Next routes (lib/http/incoming-request.ts)
  const url = new URL(repairPercentEncoding(`/api${pathAndQuery}`), ORIGIN);
  const found = matchRoute(routes, url.pathname);
  if (!found) throw new Error(`no route file matches ${url.pathname}`);
  const handler = await loadHandler(found, method);
  if (!handler) throw new Error(`${found.route.file} exports no ${method}`);
  const headers = new Headers(options.headers);
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  if (options.cookie) {
    headers.set("cookie", options.cookie);
    if (!headers.has("origin") && method !== "GET") headers.set("origin", ORIGIN);
  }
  let body: string | Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers.set("content-type", "application/json");
  // a stream is sent as it is read (the one way fetch takes one), as a client's upload arrives
  const duplex = body instanceof ReadableStream ? { duplex: "half" } : {};
  const response = await handler(new Request(url, { method, headers, body, ...duplex } as RequestInit), {
    params: Promise.resolve(found.params),
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes); // as response.text(): a leading byte order mark is dropped
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: response.status, body: parsed as T, headers: response.headers, text, bytes };
}
