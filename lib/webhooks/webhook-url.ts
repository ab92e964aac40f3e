import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { AppError } from "@/lib/errors";
import { ruleDetail } from "@/lib/error-details";

/** Public unicast only: what request-filtering-agent lets through at delivery time. */
export function isPublicAddress(address: string): boolean {
  try {
    return ipaddr.process(address).range() === "unicast";
  } catch {
    return false;
  }
}

function refuse(code: "url_not_https" | "url_has_credentials" | "url_not_public"): AppError {
  return new AppError("validation_failed", { details: [ruleDetail("url", code)] });
}

/**
 * Refuses (400) a URL deliveries may not reach: not `https`, or a host that is or resolves to a
 * loopback, private, link-local or other non-public address. A name that does not resolve now is
 * accepted (its deliveries fail until it does). Delivery checks again (request-filtering-agent),
 * so a name that later resolves elsewhere gains nothing. `allowPrivate` (WEBHOOK_ALLOW_PRIVATE_URLS)
 * allows `http` and any address.
 */
export async function assertDeliverableUrl(url: string, allowPrivate: boolean): Promise<void> {
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" && !(allowPrivate && parsed.protocol === "http:"))
    throw refuse("url_not_https");
  if (parsed.username || parsed.password) throw refuse("url_has_credentials");
  if (allowPrivate) return;
  const host = normalizedHost(parsed.hostname);
  if (isPrivateUseName(host)) throw refuse("url_not_public");
  const addresses = isIP(host) ? [host] : await resolve(host);
  if (addresses.some((address) => !isPublicAddress(address))) throw refuse("url_not_public");
}

/** The host as a resolver reads it: without IPv6 brackets and without the root's trailing dots. */
function normalizedHost(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, "").replace(/\.+$/, "");
}

/**
 * Names that only ever resolve inside a machine or a private network (RFC 6761 `localhost`, mDNS's
 * `.local`, ICANN's `.internal`, RFC 8375 `home.arpa`): refused without asking DNS, which may not
 * know them here and then would let them through.
 */
const PRIVATE_USE_NAMES = ["localhost", "local", "internal", "home.arpa"];

function isPrivateUseName(host: string): boolean {
  return PRIVATE_USE_NAMES.some((name) => host === name || host.endsWith(`.${name}`));
}

/** How long saving waits for DNS: a slow resolver must not hold a request (delivery checks again). */
const LOOKUP_TIMEOUT_MS = 3_000;

async function resolve(host: string): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string[]>((done) => {
    timer = setTimeout(() => done([]), LOOKUP_TIMEOUT_MS);
  });
  const found = lookup(host, { all: true, verbatim: true }).then(
    (entries) => entries.map((entry) => entry.address),
    () => [],
  );
  try {
    return await Promise.race([found, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
