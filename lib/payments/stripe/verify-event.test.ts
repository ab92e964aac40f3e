// The time window of a Stripe delivery's signature (issue 43 §6.5): Stripe's default tolerance of
// 300 seconds, both ways, against an injected clock.
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { WEBHOOK_SECRET } from "@/tests/helpers/stripe";
import { STRIPE_SIGNATURE_TOLERANCE_SECONDS, verifyStripeEvent } from "./verify-event";

const NOW = new Date("2026-06-01T12:00:00.000Z");
const nowSeconds = NOW.getTime() / 1000;
const payload = JSON.stringify({ id: "evt_window", object: "event", type: "checkout.session.completed", data: {} });
const signedAt = (timestamp: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp });
const verify = (timestamp: number) => () => verifyStripeEvent({ payload, signature: signedAt(timestamp), now: NOW });

beforeAll(() => {
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  resetEnvCache();
});
afterAll(() => {
  delete process.env.STRIPE_WEBHOOK_SECRET;
  resetEnvCache();
});

describe("a Stripe signature's timestamp", () => {
  it("is Stripe's default tolerance, 5 minutes", () => {
    expect(STRIPE_SIGNATURE_TOLERANCE_SECONDS).toBe(300);
  });

  it("within 5 minutes before or after now: the event", () => {
    for (const offset of [-300, -299, 0, 299, 300]) expect(verify(nowSeconds + offset)().id).toBe("evt_window");
  });

  it("more than 5 minutes before or after now: 400 Invalid signature", () => {
    for (const offset of [-3600, -301, 301, 3600]) {
      expect(verify(nowSeconds + offset), `${offset} s`).toThrow(
        expect.objectContaining({ code: "invalid_signature", status: 400, message: "Invalid signature" }),
      );
    }
  });
});
