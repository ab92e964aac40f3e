import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import { inlinedStylesheetSources } from "@/lib/http/inlined-stylesheets";
import { pageContentSecurityPolicy, STRICT_TRANSPORT_SECURITY } from "@/lib/http/security-headers";
import { PAGE_PATH_HEADER } from "@/lib/i18n/locales";
import { isMissingPage } from "@/lib/web/missing-page";

/**
 * Where a missing page is rewritten to: a path no route matches, which Next answers 404 with
 * app/not-found.tsx rendered on the server (the address bar keeps the page's own path).
 */
export const NOT_FOUND_PATH = "/-/not-found/-/-";

/**
 * Gives every page request a fresh script nonce: the policy goes on the request, where Next reads
 * the nonce and stamps it on the scripts it renders, and on the response, where the browser enforces
 * it. The other security headers come from next.config.ts (lib/http/security-headers.ts). The page's
 * path goes on the request too: it names the studio whose language the page speaks by default
 * (lib/web/request-locale.ts).
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const missing = await isMissingPage(request.nextUrl.pathname, request.cookies);
  return securePage(request, missing ? NOT_FOUND_PATH : undefined);
}

/**
 * The response of a page request: its policy and nonce, its path for its language, and, for a page
 * of a studio or class that does not exist, a rewrite to the not-found page (`rewriteTo`).
 */
export function securePage(request: NextRequest, rewriteTo?: string): NextResponse {
  const { NODE_ENV, APP_URL } = env();
  const https = APP_URL.startsWith("https:");
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const development = NODE_ENV === "development";
  const inlineStyles = development ? [] : inlinedStylesheetSources();
  const policy = pageContentSecurityPolicy({ nonce, development, https, inlineStyles });

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", policy);
  // The page's path, with the studio a sign-in page is for: the page's language may be that studio's.
  const account = request.nextUrl.searchParams.get("account");
  requestHeaders.set(
    PAGE_PATH_HEADER,
    account ? `${request.nextUrl.pathname}?account=${encodeURIComponent(account)}` : request.nextUrl.pathname,
  );
  const response = rewriteTo
    ? NextResponse.rewrite(new URL(rewriteTo, request.url), { request: { headers: requestHeaders } })
    : NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  if (https) response.headers.set("strict-transport-security", STRICT_TRANSPORT_SECURITY);
  return response;
}

export const config = {
  matcher: [
    {
      // Not /api (JSON, benchmarked: no proxy per request), /docs (a fixed policy from next.config),
      // or Next's static files; a studio slug such as "apiary" still matches.
      source: "/((?!api(?:/|$)|docs(?:/|$)|_next/static/|_next/image(?:/|$)).*)",
      // Prefetches answer data for a later navigation, not a document: nothing to enforce.
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
