import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TEST_EVENT_TYPE, WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/webhook-events";
import { openApiDocument } from "./document";

// Route files under app/api that serve no API operation of their own, each with its reason.
const NOT_OPERATIONS: Record<string, string> = {
  "[...path]/route.ts": "catch-all: the JSON 404 for unknown paths",
  "auth/[...nextauth]/route.ts": "NextAuth's own endpoints for the web sign-in, not part of the contract",
  "docs/route.ts": "the HTML page of the interactive documentation",
  "docs/[asset]/route.ts": "static files of the interactive documentation",
};

const API_DIR = path.resolve(import.meta.dirname, "../../app/api");
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

type Operation = { method: string; path: string; auth: string | undefined; personOnly: boolean; file: string };

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** "groups/[groupId]/route.ts" → "/groups/{groupId}" */
function pathOfFile(relative: string): string {
  const dir = path.dirname(relative);
  if (dir === ".") return "/";
  return `/${dir
    .split(path.sep)
    .map((segment) => segment.replace(/^\[(\w+)\]$/, "{$1}"))
    .join("/")}`;
}

/** The `operation: "METHOD /path"` strings of route(...) configs and the `auth` that follows each. */
function operationsIn(file: string): Operation[] {
  const source = fs.readFileSync(file, "utf8");
  const found: Operation[] = [];
  const pattern = /operation:\s*["'`]([A-Z]+) (\/[^"'`]*)["'`]/g;
  for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
    const rest = source.slice(match.index + match[0].length);
    const nextOperation = rest.search(/operation:/);
    const config = nextOperation === -1 ? rest : rest.slice(0, nextOperation);
    const auth = /auth:\s*["'](\w+)["']/.exec(config)?.[1];
    const personOnly = /personOnly:\s*true/.test(config);
    found.push({ method: match[1]!, path: match[2]!, auth, personOnly, file: path.relative(API_DIR, file) });
  }
  return found;
}

const document = openApiDocument();
const files = routeFiles(API_DIR).map((file) => path.relative(API_DIR, file));
const served = files
  .filter((file) => !(file in NOT_OPERATIONS))
  .flatMap((file) => operationsIn(path.join(API_DIR, file)));

type DocumentedOperation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
};

function documented(method: string, apiPath: string): DocumentedOperation | undefined {
  const item = document.paths?.[apiPath] as Record<string, DocumentedOperation> | undefined;
  return item?.[method.toLowerCase()];
}

function documentedOperations(): { key: string; operation: DocumentedOperation }[] {
  return Object.entries(document.paths ?? {}).flatMap(([apiPath, item]) =>
    METHODS.filter((method) => (item as Record<string, unknown>)[method]).map((method) => ({
      key: `${method.toUpperCase()} ${apiPath}`,
      operation: (item as Record<string, DocumentedOperation>)[method]!,
    })),
  );
}

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1.0, version 0.3.0, with the security schemes of the contract", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.version).toBe("0.3.0");
    expect(Object.keys(document.components?.securitySchemes ?? {}).sort()).toEqual([
      "bearerAuth",
      "demoSession",
      "webSession",
    ]);
    expect(document.components?.securitySchemes?.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("finds the route files it checks (the scan itself works)", () => {
    expect(files).toContain("health/route.ts");
    expect(served.map((operation) => `${operation.method} ${operation.path}`)).toEqual(
      expect.arrayContaining(["GET /health", "GET /health/ready", "GET /metrics", "GET /openapi.json"]),
    );
  });

  it.each(files.filter((file) => !(file in NOT_OPERATIONS)))("%s declares its operations with route()", (file) => {
    const operations = operationsIn(path.join(API_DIR, file));
    expect(operations.length, `${file} has no operation: "METHOD /path" in a route() config`).toBeGreaterThan(0);
    for (const operation of operations) {
      expect(operation.path, `${operation.method} ${operation.path} is served by ${file}`).toBe(pathOfFile(file));
      expect(
        ["none", "optional", "member", "staff", "admin", "credential"],
        `auth of ${operation.method} ${operation.path}`,
      ).toContain(operation.auth);
    }
  });

  it.each(served.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    "documents %s",
    (key, operation) => {
      const entry = documented(operation.method, operation.path);
      expect(entry, `${key} (${operation.file}) is missing from lib/openapi/paths/*.ts`).toBeDefined();
      const statuses = Object.keys(entry?.responses ?? {});
      if (["member", "staff", "admin", "credential"].includes(operation.auth ?? "")) {
        expect(statuses, `${key} needs authentication and must document 401`).toContain("401");
        expect(entry?.security?.length ?? 0, `${key} must list its security schemes`).toBeGreaterThan(0);
      }
      if (operation.auth === "admin") expect(statuses, `${key} is admin-only and must document 403`).toContain("403");
      if (operation.auth === "staff")
        expect(statuses, `${key} is for staff only and must document 403`).toContain("403");
      if (operation.personOnly) expect(statuses, `${key} refuses API keys and must document 403`).toContain("403");
      if (operation.auth === "none") expect(entry?.security, `${key} needs no credentials: security []`).toEqual([]);
    },
  );

  it("documents only operations that a route serves", () => {
    const servedKeys = new Set(served.map((operation) => `${operation.method} ${operation.path}`));
    const unserved = documentedOperations()
      .map(({ key }) => key)
      .filter((key) => !servedKeys.has(key));
    expect(unserved).toEqual([]);
  });

  it("gives every documented operation a 2xx response", () => {
    const without2xx = documentedOperations()
      .filter(({ operation }) => !Object.keys(operation.responses ?? {}).some((status) => /^2\d\d$/.test(status)))
      .map(({ key }) => key);
    expect(without2xx).toEqual([]);
  });

  it("lists 503 with Retry-After on every operation: any request may be shed, or meet a busy database", () => {
    const without503 = documentedOperations()
      .filter(({ operation }) => {
        const response = (operation.responses as Record<string, { headers?: Record<string, unknown> }> | undefined)?.[
          "503"
        ];
        return !response?.headers?.["Retry-After"];
      })
      .map(({ key }) => key);
    expect(without503).toEqual([]);
  });

  it("names every operation with its own operationId (what SDK generators name their functions after)", () => {
    const operations = documentedOperations();
    expect(operations.filter(({ operation }) => !operation.operationId).map(({ key }) => key)).toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(ids.filter((id) => !/^[a-z][A-Za-z]+$/.test(id!))).toEqual([]);
  });

  it("describes each event an endpoint may receive under webhooks, with its body and the signature headers", () => {
    const webhooks = (openApiDocument().webhooks ?? {}) as Record<string, { post?: DocumentedWebhook }>;
    expect(Object.keys(webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES, TEST_EVENT_TYPE].sort());
    const pathIds = documentedOperations().map(({ operation }) => operation.operationId);
    for (const [type, item] of Object.entries(webhooks)) {
      expect(item.post?.requestBody?.content?.["application/json"]?.schema, type).toBeDefined();
      expect(item.post?.parameters?.map((parameter) => parameter.name).sort(), type).toEqual([
        "webhook-id",
        "webhook-signature",
        "webhook-timestamp",
      ]);
      expect(pathIds, type).not.toContain(item.post?.operationId);
    }
  });
});

type DocumentedWebhook = {
  operationId?: string;
  parameters?: { name: string }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
};
