import { describe, expect, it } from "vitest";
import { api } from "@/tests/helpers/api";
import { GET as docsPage } from "./route";
import { GET as docsAsset } from "./[asset]/route";

const assetAt = (name: string) =>
  docsAsset(new Request(`http://localhost:3000/docs/${name}`), { params: Promise.resolve({ asset: name }) });

describe("GET /docs", () => {
  it("answers an accessible HTML page that loads the bundled renderer and /api/openapi.json", async () => {
    const response = await docsPage();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toContain('<script src="/docs/swagger-ui-bundle.js"></script>');
    expect(html).toContain('<link rel="stylesheet" href="/docs/swagger-ui.css">');
    expect(html).not.toMatch(/<style|<script>/); // no inline style or script: the docs' policy allows neither
    expect(html).not.toMatch(/https?:\/\//); // nothing from a CDN
    const initializer = await (await assetAt("swagger-initializer.js")).text();
    expect(initializer).toContain('url: "/api/openapi.json"');
  });

  it.each([
    ["swagger-ui.css", "text/css; charset=utf-8", ".swagger-ui"],
    ["swagger-ui-bundle.js", "text/javascript; charset=utf-8", "SwaggerUIBundle"],
    ["swagger-ui-standalone-preset.js", "text/javascript; charset=utf-8", "SwaggerUIStandalonePreset"],
    ["swagger-initializer.js", "text/javascript; charset=utf-8", "SwaggerUIBundle("],
    ["api-docs.css", "text/css; charset=utf-8", ".visually-hidden"],
  ])("serves %s as %s", async (name, type, marker) => {
    const response = await assetAt(name);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(type);
    expect(await response.text()).toContain(marker);
  });

  it.each(["index.html", "..%2Fpackage.json", "package.json", "swagger-ui.js.map", "constructor"])(
    "answers 404 for anything else (%s)",
    async (name) => {
      expect((await assetAt(name)).status).toBe(404);
    },
  );
});

describe("GET /api/docs", () => {
  it("answers the same page with assets under /api/docs", async () => {
    const response = await api("GET", "/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.text).toContain('<script src="/api/docs/swagger-ui-bundle.js"></script>');
    expect(response.text).toContain('<link rel="stylesheet" href="/api/docs/swagger-ui.css">');
  });

  it("serves the assets with their content types", async () => {
    const css = await api("GET", "/docs/swagger-ui.css");
    expect(css.status).toBe(200);
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
    const js = await api("GET", "/docs/swagger-ui-bundle.js");
    expect(js.status).toBe(200);
    expect(js.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
  });

  it("answers JSON errors like every /api path", async () => {
    expect(await api("GET", "/docs/nothing.js")).toMatchObject({ status: 404, body: { error: "Resource not found" } });
    expect(await api("POST", "/docs")).toMatchObject({ status: 405, body: { error: "Method not allowed" } });
  });
});
