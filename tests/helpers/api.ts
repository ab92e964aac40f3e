// Calls the real route handlers the way Next's router would: the path is matched against the files
// under app/api (static segments before [param] before [...catchAll]), the exported method handler
// is called with a real Request and the route params.
import fs from "node:fs";
import path from "node:path";

type RouteFile = { file: string; segments: string[] };

const API_DIR = path.resolve(__dirname, "../../app/api");

function findRouteFiles(dir: string, segments: string[] = []): RouteFile[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return findRouteFiles(path.join(dir, entry.name), [...segments, entry.name]);
    return entry.name === "route.ts" ? [{ file: path.join(dir, entry.name), segments }] : [];
  });
}

const rank = (segment: string) => (segment.startsWith("[...") ? 2 : segment.startsWith("[") ? 1 : 0);

function match(routes: RouteFile[], parts: string[]): { route: RouteFile; params: Record<string, string | string[]> } | undefined {
  const candidates = routes
    .map((route) => ({ route, params: matchSegments(route.segments, parts) }))
    .filter((c): c is { route: RouteFile; params: Record<string, string | string[]> } => c.params !== undefined);
  candidates.sort((a, b) => {
    for (let i = 0; i < Math.max(a.route.segments.length, b.route.segments.length); i++) {
      const diff = rank(a.route.segments[i] ?? "") - rank(b.route.segments[i] ?? "");
      if (diff !== 0) return diff;
    }
    return 0;
  });
  return candidates[0];
}

function matchSegments(segments: string[], parts: string[]): Record<string, string | string[]> | undefined {
  const params: Record<string, string | string[]> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (segment.startsWith("[...")) {
      if (i >= parts.length) return undefined;
      params[segment.slice(4, -1)] = parts.slice(i).map(decodeURIComponent);
      return params;
    }
    const part = parts[i];
    if (part === undefined) return undefined;
    if (segment.startsWith("[")) params[segment.slice(1, -1)] = decodeURIComponent(part);
    else if (segment !== part) return undefined;
  }
  return segments.length === parts.length ? params : undefined;
}

export type ApiResponse<T = any> = { status: number; body: T; headers: Headers; text: string };

export type ApiOptions = {
  body?: unknown;
  /** A raw body, sent as is (malformed JSON, oversize payloads). */
  rawBody?: string;
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
};

const ORIGIN = "http://localhost:3000";
let routes: RouteFile[] | undefined;

/** `await api("POST", "/groups", { token, body: { name: "Morning" } })` → status, parsed body, headers. */
export async function api<T = any>(method: string, pathAndQuery: string, options: ApiOptions = {}): Promise<ApiResponse<T>> {
  routes ??= findRouteFiles(API_DIR);
  const url = new URL(`/api${pathAndQuery}`, ORIGIN);
  const parts = url.pathname.replace(/^\/api\/?/, "").split("/").filter(Boolean);
  const found = match(routes, parts);
  if (!found) throw new Error(`no route file matches ${url.pathname}`);
  const module = (await import(found.route.file)) as Record<string, unknown>;
  const handler = module[method] as ((req: Request, ctx: unknown) => Promise<Response>) | undefined;
  if (!handler) throw new Error(`${found.route.file} exports no ${method}`);
  const headers = new Headers(options.headers);
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  if (options.cookie) {
    headers.set("cookie", options.cookie);
    if (!headers.has("origin") && method !== "GET") headers.set("origin", ORIGIN);
  }
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers.set("content-type", "application/json");
  const response = await handler(new Request(url, { method, headers, body }), { params: Promise.resolve(found.params) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: response.status, body: parsed as T, headers: response.headers, text };
}
