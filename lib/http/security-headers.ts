// The security headers of every response, defined once (docs/decisions/0006-security-headers.md).
// next.config.ts applies the fixed ones through headers() (no code runs per request, which keeps
// the API's throughput); proxy.ts adds each page's Content-Security-Policy with a fresh nonce, and
// HSTS, which depends on APP_URL at run time (next.config's headers are fixed at build).
// No imports: next.config.ts loads this file outside Next's bundles.

type Header = { key: string; value: string };
type HeaderRule = { source: string; headers: Header[] };

const CSP = "Content-Security-Policy";

/** A policy from directive → sources, in order; a directive without sources is written alone. */
function policy(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(" "))
    .join("; ");
}

/**
 * The policy of the pages (everything but /api and /docs). Scripts run only with this response's
 * nonce, which Next stamps on its own scripts after reading it from the request's policy;
 * 'strict-dynamic' extends that trust to the chunks they load. Styles come from our own files, with
 * the nonce, or are the build's own stylesheets inlined into the page (`inlineStyles`: their hashes,
 * lib/http/inlined-stylesheets.ts).
 *
 * Room left for the next issues, deliberately: studio logos are images on `https:` URLs, and a form
 * post may redirect to Stripe Checkout or to Stripe's account onboarding (form-action also governs
 * the redirects that follow a form submission).
 */
export function pageContentSecurityPolicy(options: {
  nonce: string;
  development: boolean;
  https: boolean;
  inlineStyles?: string[];
}): string {
  const nonce = `'nonce-${options.nonce}'`;
  return policy({
    "default-src": ["'self'"],
    // React evaluates server error stacks in the browser in development only.
    "script-src": ["'self'", nonce, "'strict-dynamic'", ...(options.development ? ["'unsafe-eval'"] : [])],
    // next dev's overlay styles itself inline, without the nonce (beside a nonce, 'unsafe-inline' would be ignored).
    "style-src": options.development
      ? ["'self'", "'unsafe-inline'"]
      : ["'self'", nonce, ...(options.inlineStyles ?? [])],
    "img-src": ["'self'", "https:"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'", "https://checkout.stripe.com", "https://connect.stripe.com"],
    "frame-ancestors": ["'none'"],
    // Over plain http (development, the e2e server) upgrading would break every request.
    ...(options.https ? { "upgrade-insecure-requests": [] } : {}),
  });
}

/**
 * /docs/ and /api/docs/: Swagger UI, a fixed page that loads only its own files (lib/http/api-docs.ts)
 * and needs no nonce. Its stylesheet draws icons from data: URLs; it fetches /api/openapi.json and,
 * with "Try it out", our own API.
 */
export const DOCS_CONTENT_SECURITY_POLICY = policy({
  "default-src": ["'none'"],
  "script-src": ["'self'"],
  "style-src": ["'self'"],
  "img-src": ["'self'", "data:"],
  "connect-src": ["'self'"],
  "base-uri": ["'none'"],
  "form-action": ["'none'"],
  "frame-ancestors": ["'none'"],
});

/** JSON (and the calendar feed): nothing to load, nothing to frame. */
export const API_CONTENT_SECURITY_POLICY = policy({ "default-src": ["'none'"], "frame-ancestors": ["'none'"] });

/**
 * Powerful features none of our pages use; a later page that needs one allows it here. Only names
 * Chromium knows: it logs an error for any other (the e2e journeys fail on it).
 */
export const PERMISSIONS_POLICY = [
  "accelerometer",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "serial",
  "usb",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

/** The headers every response carries, whatever else it has. */
const EVERY_RESPONSE_HEADERS: Header[] = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: PERMISSIONS_POLICY },
  // For browsers that predate frame-ancestors.
  { key: "X-Frame-Options", value: "DENY" },
];

/**
 * For a response Next sends without running headers() or the proxy: its own redirects (a trailing
 * slash, `/docs/` → `/docs`) drop every header the rules gave. Such a response draws nothing, so the
 * policy is the API's, or the docs' under /docs; a verify link's token stays out of any Referer.
 */
export function headersOfUnguardedResponse(pathname: string, https: boolean): Header[] {
  const docs = /^\/(?:api\/)?docs(?:\/|$)/.test(pathname);
  const verify = pathname.startsWith("/sign-in/verify") || pathname.startsWith("/sign-in/invitation");
  return [
    ...EVERY_RESPONSE_HEADERS.map((header) =>
      verify && header.key === "Referrer-Policy" ? { ...header, value: "no-referrer" } : header,
    ),
    { key: CSP, value: docs ? DOCS_CONTENT_SECURITY_POLICY : API_CONTENT_SECURITY_POLICY },
    ...(https ? [{ key: "Strict-Transport-Security", value: STRICT_TRANSPORT_SECURITY }] : []),
  ];
}

/** Sent only when APP_URL is https: two years, this host and its subdomains; preloading is the operator's call. */
export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

/**
 * The headers every response carries, as an object for `writeHead`: for the answers our own HTTP server
 * gives before Next sees a request (admission.ts's 503, foreign-server-action.ts's 403).
 */
export function everyResponseHeaders(): Record<string, string> {
  return Object.fromEntries(EVERY_RESPONSE_HEADERS.map((header) => [header.key, header.value]));
}

/**
 * next.config.ts headers(). Where several rules match a path, Next applies them in order and a later
 * value of the same header replaces an earlier one.
 */
export function securityHeaderRules(): HeaderRule[] {
  const docs = [{ key: CSP, value: DOCS_CONTENT_SECURITY_POLICY }];
  return [
    { source: "/:path*", headers: EVERY_RESPONSE_HEADERS },
    { source: "/api/:path*", headers: [{ key: CSP, value: API_CONTENT_SECURITY_POLICY }] },
    { source: "/api/docs/:asset?", headers: docs },
    { source: "/docs/:asset?", headers: docs },
    // The magic-link token (an invitation's) is in this page's URL: not even our own origin gets it in a Referer.
    { source: "/sign-in/verify", headers: [{ key: "Referrer-Policy", value: "no-referrer" }] },
    { source: "/sign-in/invitation", headers: [{ key: "Referrer-Policy", value: "no-referrer" }] },
  ];
}
