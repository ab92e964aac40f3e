/**
 * The client's address for rate limits: the first entry of `X-Forwarded-For`. Next sets the header
 * from the socket when a request arrives without one; behind a proxy, the proxy's entry comes first.
 * Without the header (tests, unusual runtimes) every request shares the subject "unknown".
 */
export function clientIp(request: Request): string {
  const first = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return first ? first.slice(0, 100) : "unknown";
}
