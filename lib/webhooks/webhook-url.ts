import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { AppError } from "@/lib/errors";

/** Public unicast only: what request-filtering-agent lets through at delivery time. */
export function isPublicAddress(address: string): boolean {
  try {
    return ipaddr.process(address).range() === "unicast";
  } catch {
    return false;
  }
}

/** The 400 messages of a refused URL (forms show them in plain words: lib/web/friendly-message.ts). */
export const WEBHOOK_URL_MESSAGES = {
  https: "Must be an https URL",
  credentials: "Must not carry credentials",
  publicAddress: "Must be a public address",
} as const;

function refuse(message: string): AppError {
  return new AppError("validation_failed", { details: [{ path: "url", message }] });
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
    throw refuse(WEBHOOK_URL_MESSAGES.https);
  if (parsed.username || parsed.password) throw refuse(WEBHOOK_URL_MESSAGES.credentials);
  if (allowPrivate) return;
  const host = normalizedHost(parsed.hostname);
  if (isPrivateUseName(host)) throw refuse(WEBHOOK_URL_MESSAGES.publicAddress);
  const addresses = isIP(host) ? [host] : await resolve(host);
  if (addresses.some((address) => !isPublicAddress(address))) throw refuse(WEBHOOK_URL_MESSAGES.publicAddress);
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
