import "server-only";
import LinkHeader from "http-link-header";
import type { NextRequest } from "next/server";
import { encodeCursor } from "@/lib/schemas/page";
import { json } from "./route";

/**
 * A page of a keyset list as JSON, the array the unpaged list answers, with `Link: <…>; rel="next"`
 * (RFC 8288) while more remain: the same path and query with the next cursor, as a relative
 * reference (the caller resolves it against the URL it asked, whatever proxy sits in between).
 */
export function pageResponse(request: NextRequest, items: unknown[], next: readonly unknown[] | null) {
  if (!next) return json(items);
  const search = new URLSearchParams(request.nextUrl.searchParams);
  search.set("cursor", encodeCursor(next));
  const link = new LinkHeader().set({ uri: `${request.nextUrl.pathname}?${search}`, rel: "next" });
  return json(items, 200, { Link: link.toString() });
}
