import { createHash, createHmac, timingSafeEqual } from "node:crypto";

// Vipps MobilePay signs each webhook delivery (Webhooks API, "request authentication"): the body's
// SHA-256 in `x-ms-content-sha256` (base64), and in `Authorization` an HMAC-SHA256 (base64), under
// the secret answered when the webhook was registered, of
// "POST\n<path and query>\n<x-ms-date>;<host>;<content hash>".

export type SignedHeaders = { "x-ms-date": string; "x-ms-content-sha256": string; host: string; authorization: string };

const contentHash = (body: string) => createHash("sha256").update(body, "utf8").digest("base64");

function signatureOf(secret: string, pathAndQuery: string, date: string, host: string, hash: string): string {
  return createHmac("sha256", secret).update(`POST\n${pathAndQuery}\n${date};${host};${hash}`, "utf8").digest("base64");
}

/** The headers Vipps MobilePay sends with `body` to `url` (used by the fake server). */
export function signWebhook(url: string, body: string, secret: string, date: string): SignedHeaders {
  const { host, pathname, search } = new URL(url);
  const hash = contentHash(body);
  const signature = signatureOf(secret, pathname + search, date, host, hash);
  return {
    "x-ms-date": date,
    "x-ms-content-sha256": hash,
    host,
    authorization: `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${signature}`,
  };
}

/**
 * How far a delivery's signed `x-ms-date` may be from the server's clock, either way: an older one is
 * refused (a replay of a captured delivery); the poll still catches an event whose delivery was
 * lost (issue 43 §6.6). Stripe's default tolerance, the same here.
 */
export const MOBILEPAY_WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Whether a delivery to the registered `url` carries the body's hash and a signature under `secret`,
 * signed within MOBILEPAY_WEBHOOK_TOLERANCE_SECONDS of `now`. The host and path signed are the
 * registered URL's (what they sent to), not whatever a proxy passes on.
 */
export function verifyWebhook(
  { body, url, headers, now = new Date() }: { body: string; url: string; headers: Headers; now?: Date },
  secret: string,
): boolean {
  const { host, pathname, search } = new URL(url);
  const pathAndQuery = pathname + search;
  const date = headers.get("x-ms-date");
  const hash = headers.get("x-ms-content-sha256");
  const authorization = headers.get("authorization");
  if (!date || !hash || !authorization || hash !== contentHash(body)) return false;
  const signedAt = Date.parse(date);
  if (!Number.isFinite(signedAt) || Math.abs(now.getTime() - signedAt) > MOBILEPAY_WEBHOOK_TOLERANCE_SECONDS * 1000)
    return false;
  const expected = `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${signatureOf(secret, pathAndQuery, date, host, hash)}`;
  const [a, b] = [Buffer.from(authorization), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}
