// The fake Vipps MobilePay API answers as their documentation says, so the tests that lean on it
// test against their contract: tokens per sales unit, agreements and charges, refunds, webhook
// registration and signed deliveries.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { verifyWebhook } from "@/lib/payments/mobilepay/webhook-signature";
import { FakeVippsMobilepay } from "./vipps-mobilepay";

const fake = new FakeVippsMobilepay();
const unit = { merchantSerialNumber: "123456", clientId: "cid", clientSecret: "csecret", subscriptionKey: "skey" };
beforeAll(() => fake.start());
afterAll(() => fake.stop());
beforeEach(() => {
  fake.reset();
  fake.addSalesUnit(unit);
});

async function token(keys = unit): Promise<string> {
  const response = await fetch(`${fake.baseUrl}/accesstoken/get`, {
    method: "POST",
    headers: {
      client_id: keys.clientId,
      client_secret: keys.clientSecret,
      "Ocp-Apim-Subscription-Key": keys.subscriptionKey,
      "Merchant-Serial-Number": keys.merchantSerialNumber,
    },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${fake.baseUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${await token()}`,
      "Ocp-Apim-Subscription-Key": unit.subscriptionKey,
      "Merchant-Serial-Number": unit.merchantSerialNumber,
      "Content-Type": "application/json",
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: response.status === 204 ? null : await response.json() };
}

const agreementBody = {
  pricing: { type: "LEGACY", amount: 49900, currency: "DKK" },
  interval: { unit: "MONTH", count: 1 },
  merchantRedirectUrl: "https://studio.example/s/yoga/account",
  merchantAgreementUrl: "https://studio.example/s/yoga/account",
  productName: "Yoga Unlimited — Studio Yoga",
  initialCharge: { amount: 49900, description: "First month", transactionType: "DIRECT_CAPTURE" },
};

function headersOf(delivery: (typeof fake.deliveries)[number]): Headers {
  return new Headers(delivery.headers as unknown as Record<string, string>);
}

describe("fake Vipps MobilePay", () => {
  it("answers tokens only for a sales unit's keys, and refuses calls without one", async () => {
    const refused = await fetch(`${fake.baseUrl}/accesstoken/get`, {
      method: "POST",
      headers: { client_id: "cid", client_secret: "wrong", "Ocp-Apim-Subscription-Key": "skey" },
    });
    expect(refused.status).toBe(401);
    const anonymous = await fetch(`${fake.baseUrl}/recurring/v3/agreements/agr_x`);
    expect(anonymous.status).toBe(401);
  });

  it("creates an agreement once per idempotency key; approval activates it and captures its initial charge, signed", async () => {
    const registered = await call("POST", "/webhooks/v1/webhooks", {
      url: "http://localhost:3000/api/payments/mobilepay/webhook/acc?x=1",
      events: ["recurring.agreement-activated.v1", "recurring.charge-captured.v1"],
    });
    expect(registered).toMatchObject({ status: 201, body: { id: expect.any(String), secret: expect.any(String) } });
    const created = await call("POST", "/recurring/v3/agreements", agreementBody, { "Idempotency-Key": "order-1" });
    expect(created).toMatchObject({
      status: 201,
      body: { agreementId: expect.stringMatching(/^agr_/), vippsConfirmationUrl: expect.any(String), chargeId: expect.any(String) },
    });
    const again = await call("POST", "/recurring/v3/agreements", agreementBody, { "Idempotency-Key": "order-1" });
    expect(again.body).toEqual(created.body);
    expect(fake.agreements.size).toBe(1);

    const { agreementId, chargeId } = created.body as { agreementId: string; chargeId: string };
    fake.approve(agreementId);
    expect((await call("GET", `/recurring/v3/agreements/${agreementId}`)).body).toMatchObject({ status: "ACTIVE" });
    expect((await call("GET", `/recurring/v3/agreements/${agreementId}/charges/${chargeId}`)).body).toMatchObject({
      status: "CHARGED",
      amount: 49900,
      type: "INITIAL",
    });
    expect(fake.deliveries.map((d) => d.event.eventType)).toEqual([
      "recurring.agreement-activated.v1",
      "recurring.charge-captured.v1",
    ]);
    const secret = (registered.body as { secret: string }).secret;
    for (const delivery of fake.deliveries) {
      const signed = { body: delivery.body, url: delivery.url, headers: headersOf(delivery) };
      expect(verifyWebhook(signed, secret)).toBe(true);
      expect(verifyWebhook(signed, "another secret")).toBe(false);
      expect(verifyWebhook({ ...signed, body: delivery.body.replace("}", ",\"x\":1}") }, secret)).toBe(false);
    }
  });

  it("keeps charges to their minimum notice, fails and refunds them, and stops agreements", async () => {
    await call("POST", "/webhooks/v1/webhooks", {
      url: "http://localhost:3000/hook",
      events: ["recurring.charge-failed.v1", "recurring.agreement-stopped.v1"],
    });
    const { agreementId, chargeId } = (await call("POST", "/recurring/v3/agreements", agreementBody)).body as {
      agreementId: string;
      chargeId: string;
    };
    const early = { amount: 49900, description: "December", due: "2026-12-01", retryDays: 3 };
    expect((await call("POST", `/recurring/v3/agreements/${agreementId}/charges`, early)).status).toBe(400);
    fake.approve(agreementId);
    expect((await call("POST", `/recurring/v3/agreements/${agreementId}/charges`, early)).status).toBe(400);
    const next = await call("POST", `/recurring/v3/agreements/${agreementId}/charges`, { ...early, due: "2026-12-02" });
    expect(next).toMatchObject({ status: 201, body: { chargeId: expect.any(String) } });
    fake.fail((next.body as { chargeId: string }).chargeId);
    expect(fake.deliveries.at(-1)!.event).toMatchObject({ eventType: "recurring.charge-failed.v1", chargeType: "RECURRING" });

    const refund = (amount: number) =>
      call("POST", `/recurring/v3/agreements/${agreementId}/charges/${chargeId}/refund`, { amount, description: "Refund" });
    expect((await refund(60000)).status).toBe(400);
    expect((await refund(49900)).status).toBe(204);
    expect(fake.charges.get(chargeId)!.status).toBe("REFUNDED");

    expect((await call("PATCH", `/recurring/v3/agreements/${agreementId}`, { status: "STOPPED" })).status).toBe(204);
    expect(fake.deliveries.at(-1)!.event.eventType).toBe("recurring.agreement-stopped.v1");
  });

  it("lets a pending agreement be declined or expire, cancelling its initial charge", async () => {
    for (const end of ["decline", "expire"] as const) {
      const { agreementId, chargeId } = (await call("POST", "/recurring/v3/agreements", agreementBody)).body as {
        agreementId: string;
        chargeId: string;
      };
      fake[end](agreementId);
      expect(fake.agreements.get(agreementId)!.status).toBe(end === "decline" ? "STOPPED" : "EXPIRED");
      expect(fake.charges.get(chargeId)!.status).toBe("CANCELLED");
    }
  });

  it("answers another sales unit's agreement 404, and failWith for an outage", async () => {
    const { agreementId } = (await call("POST", "/recurring/v3/agreements", agreementBody)).body as { agreementId: string };
    fake.agreements.get(agreementId)!.msn = "999999";
    expect((await call("GET", `/recurring/v3/agreements/${agreementId}`)).status).toBe(404);
    fake.failWith = 503;
    expect((await call("GET", `/recurring/v3/agreements/${agreementId}`)).status).toBe(503);
  });
});
