// Matches a path to the route files under app/api the way Next's router does: static segments before
// [param] before [...catchAll]. Shared by the in-process caller (api.ts) and the HTTP test server
// (app-server.ts), so both dispatch exactly alike.
import fs from "node:fs";
import path from "node:path";

export type RouteFile = { file: string; segments: string[] };
export type RouteMatch = { route: RouteFile; params: Record<string, string | string[]> };

export const API_DIR = path.resolve(import.meta.dirname, "../../app/api");

export function findRouteFiles(dir: string = API_DIR, segments: string[] = []): RouteFile[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return findRouteFiles(path.join(dir, entry.name), [...segments, entry.name]);
    return entry.name === "route.ts" ? [{ file: path.join(dir, entry.name), segments }] : [];
  });
}

const rank = (segment: string) => (segment.startsWith("[...") ? 2 : segment.startsWith("[") ? 1 : 0);

/** The route file serving `pathname` (with or without the `/api` prefix) and its params. */
export function matchRoute(routes: RouteFile[], pathname: string): RouteMatch | undefined {
  const parts = pathname
    .replace(/^\/api(?=\/|$)/, "")
    .split("/")
    .filter(Boolean);
  const candidates = routes
    .map((route) => ({ route, params: matchSegments(route.segments, parts) }))
    .filter((c): c is RouteMatch => c.params !== undefined);
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

export type RouteHandler = (
  request: Request,
  context: { params: Promise<Record<string, string | string[]>> },
) => Promise<Response>;

/** Loads the route module and returns its handler for `method`, or undefined when it exports none. */
export async function loadHandler(found: RouteMatch, method: string): Promise<RouteHandler | undefined> {
  const module = (await import(found.route.file)) as Record<string, unknown>;
  return module[method] as RouteHandler | undefined;
}
