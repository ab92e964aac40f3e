// The client's address, for per-address rate limits. Route handlers are not handed the connection,
// so the HTTP server (scripts/next-server.ts) works it out for every request and stamps it into
// CLIENT_ADDRESS_HEADER, replacing whatever a client sent under that name; routes read the stamp.
// No "server-only" here: that server runs outside Next's bundles.
import type { IncomingMessage } from "node:http";
import proxyAddr from "proxy-addr";

export const CLIENT_ADDRESS_HEADER = "x-studio-client-address";

/** Whether the address `hop` steps from the server (0: the connection's peer) is a trusted proxy. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * TRUSTED_PROXIES, with Express's `trust proxy` rules (proxy-addr): empty trusts no forwarding
 * header; a number trusts that many hops nearest the server; otherwise a comma-separated list of
 * addresses, CIDR ranges and the names `loopback`, `linklocal`, `uniquelocal`. Throws on an invalid
 * setting.
 */
export function compileProxyTrust(setting: string | undefined): ProxyTrust {
  const value = setting?.trim() ?? "";
  if (value === "") return () => false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  const entries = value.split(",").map((entry) => entry.trim());
  try {
    return proxyAddr.compile(entries);
  } catch (error) {
    throw new Error(`not a hop count nor a list of addresses and CIDR ranges (${(error as Error).message})`);
  }
}

/**
 * The connection's own address; behind trusted proxies, the right-most `X-Forwarded-For` address
 * that is not one of them, so a client that prepends or rotates entries stays in its own bucket.
 */
export function stampClientAddress(request: IncomingMessage, trust: ProxyTrust): void {
  const address = request.socket.remoteAddress === undefined ? undefined : proxyAddr(request, trust);
  request.headers[CLIENT_ADDRESS_HEADER] = address ?? "unknown";
}

/** The address the server stamped; "unknown" where no server of ours did (a route called directly). */
export function clientIp(headers: Pick<Headers, "get">): string {
  return headers.get(CLIENT_ADDRESS_HEADER)?.slice(0, 100) || "unknown";
}
