// The time window of a Vipps MobilePay delivery's signature (issue 43 §6.6): its signed `x-ms-date`
// within 5 minutes of the server's clock, either way, against an injected clock.
import { describe, expect, it } from "vitest";
import { MOBILEPAY_WEBHOOK_TOLERANCE_SECONDS, signWebhook, verifyWebhook } from "./webhook-signature";

const NOW = new Date("2026-06-01T12:00:00.000Z");
const URL_ = "https://studio.example/api/payments/mobilepay/webhook/3f1b0c1e-0000-4000-8000-000000000001";
const SECRET = "the registration's secret";
const body = JSON.stringify({ eventType: "recurring.agreement-activated.v1", agreementId: "agr_1" });

/** A delivery signed at NOW + `offsetSeconds`, verified as of NOW. */
function verifiedAt(offsetSeconds: number, date = new Date(NOW.getTime() + offsetSeconds * 1000).toUTCString()) {
  const { host: _host, ...headers } = signWebhook(URL_, body, SECRET, date);
  return verifyWebhook({ body, url: URL_, headers: new Headers(headers), now: NOW }, SECRET);
}

describe("a Vipps MobilePay delivery's x-ms-date", () => {
  it("is allowed 5 minutes", () => {
    expect(MOBILEPAY_WEBHOOK_TOLERANCE_SECONDS).toBe(300);
  });

  it("within 5 minutes before or after now: verified", () => {
    for (const offset of [-300, -299, 0, 299, 300]) expect(verifiedAt(offset), `${offset} s`).toBe(true);
  });

  it("more than 5 minutes before or after now: refused, however well signed", () => {
    for (const offset of [-86_400, -301, 301, 3600]) expect(verifiedAt(offset), `${offset} s`).toBe(false);
  });

  it("a signed date that is not a date: refused", () => {
    expect(verifiedAt(0, "yesterday")).toBe(false);
  });
});
