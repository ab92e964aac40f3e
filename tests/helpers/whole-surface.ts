// Every page and every operation of a running production server, as a client would send them
// (issue 43): the operations from its own OpenAPI document (/api/openapi.json), each with its path
// filled with ids of the demo studio and a body built from the document's examples, and the pages
// from the build's list of app routes (.next/app-path-routes-manifest.json). Used by the e2e test that
// serves the whole surface once (e2e/production-server.spec.ts) and by the soak (bench/soak.bench.ts).
// Plain fetch: nothing of the app is loaded in the sender.
import fs from "node:fs";
import path from "node:path";

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  example?: unknown;
  default?: unknown;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  allOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  minimum?: number;
  minLength?: number;
};
type Parameter = { name: string; in: "path" | "query" | "header" | "cookie"; required?: boolean; schema?: JsonSchema };
type OperationObject = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, unknown>;
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, JsonSchema> };
};

/**
 * One request of the surface: an operation ("POST /bookings") or a page ("page /[slug]/me"). Its
 * URL and body are made when it is sent, with the ids known then.
 */
export type SurfaceRequest = {
  /** The operation's pattern as the document and the metrics name it, or "page <route>". */
  label: string;
  method: string;
  /** The path pattern: "/users/{userId}" (under /api) or a page route "/[slug]/me". */
  pattern: string;
  operation?: OperationObject;
  /** The statuses the document lists for it; pages: 200, redirects, 404, 503. */
  documented: Set<number>;
};

export type SurfaceResult = { label: string; status: number; documented: boolean; ms: number };

/** The demo studio's ids an operation's path and body are filled with, by parameter name. */
export type SurfaceIds = Record<string, string>;

const NIL_UUID = "00000000-0000-4000-8000-000000000000";
/** Operations that end the session or the studio: sent last (the session is made again after). */
const LAST = new Set([
  "DELETE /me",
  "POST /auth/logout",
  "DELETE /demo-auth/session",
  "POST /demo-auth/reset",
  "DELETE /account",
]);
/** Pages of the build that are no pages of the site. */
const NOT_PAGES = /^\/(api|_)|\.(ico|svg|png|txt|xml|webmanifest)$|^\/docs\/\[asset\]$/;

export class Surface {
  private cookie = "";
  private persona: "administrator" | "attendee" = "administrator";
  private constructor(
    readonly baseUrl: string,
    readonly document: OpenApiDocument,
    readonly pages: string[],
    private ids: SurfaceIds,
  ) {}

  /** Signs in as the demo studio's administrator and reads the ids the requests are filled with. */
  static async open(
    baseUrl: string,
    options: { buildDir?: string; persona?: "administrator" | "attendee" } = {},
  ): Promise<Surface> {
    const document = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as OpenApiDocument;
    const surface = new Surface(baseUrl, document, pagesOfBuild(options.buildDir ?? ".next"), {});
    await surface.signIn("administrator");
    surface.ids = await surface.readIds();
    surface.persona = options.persona ?? "administrator";
    if (surface.persona !== "administrator") await surface.signIn(surface.persona);
    return surface;
  }

  /** Whether a request ends the session or the studio (the soak leaves them out of its cycle). */
  static endsTheSession(request: SurfaceRequest): boolean {
    return LAST.has(request.label);
  }

  /**
   * A demo session of the persona. When the persona is gone (an operation renamed or removed the
   * administrator), the demo studio is reset first, as a visitor of the demo would.
   */
  async signIn(persona: "administrator" | "attendee" = this.persona): Promise<void> {
    const start = () =>
      fetch(`${this.baseUrl}/api/demo-auth/session`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: this.baseUrl },
        body: JSON.stringify({ persona }),
      });
    let response = await start();
    if (response.status === 404) {
      await fetch(`${this.baseUrl}/api/demo-auth/reset`, { method: "POST", headers: { origin: this.baseUrl } });
      response = await start();
    }
    if (response.status !== 201) throw new Error(`demo sign-in answered ${response.status}: ${await response.text()}`);
    this.cookie = response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
  }

  /**
   * Every operation and every page once: reads and writes, then the pages, then the deletions (so
   * that the ids are there for the rest), and the operations that end the session or the studio last.
   */
  requests(): SurfaceRequest[] {
    const operations = Object.entries(this.document.paths).flatMap(([pattern, item]) =>
      Object.entries(item)
        .filter(([method]) => ["get", "post", "put", "patch", "delete"].includes(method))
        .map(([method, operation]) => this.operationRequest(method.toUpperCase(), pattern, operation)),
    );
    const pages = this.pages.map((route) => this.pageRequest(route));
    const last = operations.filter((request) => LAST.has(request.label));
    const rest = operations.filter((request) => !LAST.has(request.label));
    const deletions = rest.filter((request) => request.method === "DELETE");
    return [...rest.filter((request) => request.method !== "DELETE"), ...pages, ...deletions, ...last];
  }

  /** Sends one request; after one that ends the session, signs in again. */
  async send(request: SurfaceRequest): Promise<SurfaceResult> {
    const { url, headers, body } = this.build(request);
    const started = performance.now();
    const response = await fetch(url, {
      method: request.method,
      headers: { ...headers, cookie: this.cookie, origin: this.baseUrl },
      body,
      redirect: "manual",
    });
    const text = await response.text();
    const ms = performance.now() - started;
    this.learn(request, response.status, text);
    if (LAST.has(request.label)) await this.signIn();
    return { label: request.label, status: response.status, documented: request.documented.has(response.status), ms };
  }

  private operationRequest(method: string, pattern: string, operation: OperationObject): SurfaceRequest {
    const documented = new Set(Object.keys(operation.responses).map(Number));
    return { label: `${method} ${pattern}`, method, pattern, operation, documented };
  }

  private pageRequest(route: string): SurfaceRequest {
    // 503 with Retry-After: a process past its limits sheds pages too, before routing (decision 0011).
    return {
      label: `page ${route}`,
      method: "GET",
      pattern: route,
      documented: new Set([200, 303, 307, 308, 404, 503]),
    };
  }

  /** The URL, headers and body of a request, filled with the ids known now. */
  private build(request: SurfaceRequest): { url: string; headers: Record<string, string>; body?: string } {
    if (!request.operation)
      return { url: `${this.baseUrl}${this.fillPath(request.pattern)}`, headers: { accept: "text/html" } };
    const parameters = request.operation.parameters ?? [];
    const url = new URL(`${this.baseUrl}/api${this.fillPath(request.pattern)}`);
    for (const parameter of parameters) {
      if (parameter.in !== "query" || !parameter.required) continue;
      url.searchParams.set(parameter.name, String(this.valueOf(parameter.name, parameter.schema ?? {}, 0)));
    }
    const headers: Record<string, string> = {};
    if (parameters.some((parameter) => parameter.name === "Idempotency-Key"))
      headers["idempotency-key"] = crypto.randomUUID();
    const content = request.operation.requestBody?.content ?? {};
    if (content["application/json"]) {
      headers["content-type"] = "application/json";
      return {
        url: url.toString(),
        headers,
        body: JSON.stringify(this.valueOf("", content["application/json"].schema ?? {}, 0)),
      };
    }
    if (content["text/csv"]) {
      headers["content-type"] = "text/csv";
      return { url: url.toString(), headers, body: "name;email\nSurface Test;surface-test@example.com\n" };
    }
    return { url: url.toString(), headers };
  }

  /** After a 201 with an id: the id of what `POST /webhooks` made is the `{webhookId}` of `/webhooks/{webhookId}`. */
  private learn(request: SurfaceRequest, status: number, body: string): void {
    if (status !== 201 || !request.operation) return;
    const id = (() => {
      try {
        return (JSON.parse(body) as { id?: unknown }).id;
      } catch {
        return undefined;
      }
    })();
    if (typeof id !== "string") return;
    const prefix = `${request.pattern}/{`;
    const child = Object.keys(this.document.paths).find((pattern) => pattern.startsWith(prefix));
    const name = child?.slice(prefix.length).split("}")[0];
    if (name && !this.ids[name]) this.ids[name] = id;
  }

  /** `/users/{userId}` and `/[slug]/classes/[instanceId]` with the studio's ids. */
  private fillPath(pattern: string): string {
    return pattern.replace(/\{(\w+)\}|\[(?:\.\.\.)?(\w+)\]/g, (_, curly?: string, square?: string) =>
      encodeURIComponent(this.idFor((curly ?? square)!)),
    );
  }

  private idFor(name: string): string {
    if (name === "slug") return "demo";
    if (name === "file") return "feed.ics";
    if (name === "asset") return "swagger-ui.css";
    return this.ids[name] ?? NIL_UUID;
  }

  /** A value for a schema: the studio's id where the name says which, else the document's example. */
  private valueOf(name: string, schema: JsonSchema, depth: number): unknown {
    const resolved = this.resolve(schema);
    if (/Id$/.test(name) && this.ids[name]) return this.ids[name];
    if (/Ids$/.test(name) && this.ids[name.slice(0, -1)]) return [this.ids[name.slice(0, -1)]];
    if (resolved.example !== undefined) return resolved.example;
    if (resolved.const !== undefined) return resolved.const;
    if (resolved.default !== undefined) return resolved.default;
    if (resolved.enum?.length) return resolved.enum[0];
    const variants = resolved.oneOf ?? resolved.anyOf;
    if (variants?.length) return this.valueOf(name, variants[0]!, depth + 1);
    if (resolved.allOf?.length)
      return Object.assign({}, ...resolved.allOf.map((part) => this.valueOf(name, part, depth + 1)));
    const type = Array.isArray(resolved.type) ? resolved.type.find((each) => each !== "null") : resolved.type;
    if (type === "object" || resolved.properties) {
      if (depth > 6) return {};
      return Object.fromEntries(
        Object.entries(resolved.properties ?? {})
          .filter(
            ([key]) => resolved.required?.includes(key) || this.isOptionalWorthSending(key, resolved.properties?.[key]),
          )
          .map(([key, property]) => [key, this.valueOf(key, property, depth + 1)]),
      );
    }
    if (type === "array")
      return depth > 6 ? [] : [this.valueOf(name.replace(/s$/, ""), resolved.items ?? {}, depth + 1)];
    if (type === "integer" || type === "number") return resolved.minimum ?? 1;
    if (type === "boolean") return false;
    if (resolved.format === "uuid") return NIL_UUID;
    if (resolved.format === "date-time") return "2030-01-07T09:00:00Z";
    if (resolved.format === "date") return "2030-01-07";
    if (resolved.format === "email") return "surface-test@example.com";
    return "x".repeat(Math.max(1, resolved.minLength ?? 1));
  }

  /** An optional field with an example, unless it names an id the studio has none of (a made-up id is a 404). */
  private isOptionalWorthSending(key: string, property: JsonSchema | undefined): boolean {
    if (property?.example === undefined) return false;
    if (/Ids?$/.test(key)) return Boolean(this.ids[key.replace(/s$/, "")]);
    return true;
  }

  private resolve(schema: JsonSchema): JsonSchema {
    let current = schema;
    for (let hops = 0; current.$ref && hops < 10; hops++) {
      current = this.document.components.schemas[current.$ref.replace("#/components/schemas/", "")] ?? {};
    }
    return current;
  }

  /** The first id of each kind the studio has, read from its lists. */
  private async readIds(): Promise<SurfaceIds> {
    const ids: SurfaceIds = {};
    const first = async (listPath: string, name: string, pick = (item: Record<string, unknown>) => item.id) => {
      const items = await this.list(listPath);
      const value = items.map(pick).find((each) => typeof each === "string");
      if (typeof value === "string") ids[name] = value;
      return items;
    };
    const me = (await this.getJson("/api/me")) as { user?: { id?: string }; account?: { id?: string } } | undefined;
    if (me?.account?.id) ids.accountId = me.account.id;
    await first("/api/events", "eventId");
    await first(`/api/instances?from=${isoDaysFromNow(-7)}&to=${isoDaysFromNow(28)}`, "instanceId", (instance) =>
      instance.status === "scheduled" ? instance.id : undefined,
    );
    const users = await this.list("/api/users");
    // A member, not the signed-in administrator: operations on them must not end this session.
    const member = users.find((user) => typeof user.id === "string" && user.id !== me?.user?.id);
    if (typeof member?.id === "string") ids.userId = member.id;
    const products = await first("/api/products", "productId");
    const price = products.flatMap((product) => (product.prices as { id?: string }[] | undefined) ?? [])[0];
    if (price?.id) ids.priceId = price.id;
    for (const [list, name] of [
      ["/api/orders", "orderId"],
      ["/api/locations", "locationId"],
      ["/api/series", "seriesId"],
      ["/api/groups", "groupId"],
      ["/api/seasons", "seasonId"],
      ["/api/promo-codes", "promoCodeId"],
      ["/api/duration-presets", "presetId"],
      ["/api/webhooks", "webhookId"],
      ["/api/api-keys", "apiKeyId"],
      ["/api/imports", "importId"],
      ["/api/me/bookings", "bookingId"],
    ] as const)
      await first(list, name);
    if (typeof member?.id === "string") {
      const entitlements = await this.list(`/api/users/${member.id}/entitlements`);
      if (typeof entitlements[0]?.id === "string") ids.entitlementId = entitlements[0].id;
      const standing = await this.list(`/api/users/${member.id}/standing-bookings`);
      if (typeof standing[0]?.id === "string") ids.standingBookingId = standing[0].id;
    }
    return ids;
  }

  private async getJson(url: string): Promise<unknown> {
    const response = await fetch(`${this.baseUrl}${url}`, { headers: { cookie: this.cookie } });
    if (!response.ok) return undefined;
    return response.json().catch(() => undefined);
  }

  private async list(url: string): Promise<Record<string, unknown>[]> {
    const body = await this.getJson(url);
    if (Array.isArray(body)) return body as Record<string, unknown>[];
    if (body && typeof body === "object") {
      const array = Object.values(body).find(Array.isArray);
      if (array) return array as Record<string, unknown>[];
    }
    return [];
  }
}

/** The pages of a build: its app routes that are neither API routes nor files. */
export function pagesOfBuild(buildDir: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(buildDir, "app-path-routes-manifest.json"), "utf8")) as Record<
    string,
    string
  >;
  return [...new Set(Object.values(manifest))].filter((route) => !NOT_PAGES.test(route)).sort();
}

function isoDaysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString();
}
