import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";

// The interactive API documentation at /docs/ and /api/docs/: Swagger UI from the installed
// swagger-ui-dist package, served by our own routes (no CDN), reading /api/openapi.json.

const JS = "text/javascript; charset=utf-8";
const CSS = "text/css; charset=utf-8";
const DIST = path.join(process.cwd(), "node_modules", "swagger-ui-dist");

// The start script and the page's own styles are files too: no inline script or style, so the
// docs' Content-Security-Policy (lib/http/security-headers.ts) needs neither 'unsafe-inline' nor hashes.
const PAGE_CSS = `body{margin:0}.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

const INITIALIZER = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/api/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
  });
});
`;

/** The only files served: an allowlist, so the route parameter never reaches the file system. */
const ASSETS: Record<string, { type: string; file?: string; text?: string }> = {
  "swagger-ui.css": { type: CSS, file: "swagger-ui.css" },
  "swagger-ui-bundle.js": { type: JS, file: "swagger-ui-bundle.js" },
  "swagger-ui-standalone-preset.js": { type: JS, file: "swagger-ui-standalone-preset.js" },
  "swagger-initializer.js": { type: JS, text: INITIALIZER },
  "api-docs.css": { type: CSS, text: PAGE_CSS },
};

const cache = new Map<string, string>();

/** The HTML page; `base` is where its assets are served ("/docs" or "/api/docs"). */
export function docsPage(base: string): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Studio Booking API documentation</title>
<link rel="stylesheet" href="${base}/swagger-ui.css">
<link rel="stylesheet" href="${base}/api-docs.css">
</head>
<body>
<main>
<h1 class="visually-hidden">Studio Booking API documentation</h1>
<div id="swagger-ui"></div>
<noscript><p>The interactive documentation needs JavaScript. The contract itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</p></noscript>
</main>
<script src="${base}/swagger-ui-bundle.js"></script>
<script src="${base}/swagger-initializer.js"></script>
</body>
</html>
`;
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" } });
}

/** One allowlisted asset with its content type, or undefined for any other name. */
export async function docsAsset(name: string): Promise<Response | undefined> {
  const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
  if (!asset) return undefined;
  let body = cache.get(name);
  if (body === undefined) {
    body = asset.text ?? (await readFile(path.join(DIST, asset.file ?? name), "utf8"));
    cache.set(name, body);
  }
  return new Response(body, { headers: { "content-type": asset.type, "cache-control": "public, max-age=3600" } });
}
