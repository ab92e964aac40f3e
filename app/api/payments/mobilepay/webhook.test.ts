// A studio's Vipps MobilePay webhook: deliveries signed as Vipps MobilePay documents, checked
// against the secret its Webhooks API answered when the studio connected (the fake's deliveries).
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { api } from "@/tests/helpers/api";
import { createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { SALES_UNIT, useFakeMobilepay } from "@/tests/helpers/mobilepay";
import type { WebhookDelivery } from "@/tests/fakes/vipps-mobilepay";

const fake = useFakeMobilepay();

async function connectedStudio(): Promise<TestTenant> {
  const tenant = await createTenant();
  const response = await api("PATCH", "/account/payments", {
    token: tenant.admin.token,
    body: { mobilepay: { ...SALES_UNIT, testMode: true } },
  });
  expect(response.body.mobilepay.status).toBe("connected");
  return tenant;
}

/** An activation delivered by the fake: an agreement made directly on it and approved. */
function activation(): WebhookDelivery {
  const agreementId = `agr_${randomUUID().slice(0, 8)}`;
  fake.agreements.set(agreementId, {
    id: agreementId,
    msn: SALES_UNIT.merchantSerialNumber,
    status: "PENDING",
    productName: "Yoga Unlimited",
    pricing: { type: "LEGACY", amount: 49900, currency: "DKK" },
    interval: { unit: "MONTH", count: 1 },
    merchantRedirectUrl: "http://localhost:3000/",
    merchantAgreementUrl: "http://localhost:3000/",
  });
  fake.approve(agreementId);
  return fake.deliveries.at(-1)!;
}

const deliver = (path: string, body: string, headers: Record<string, string>) =>
  api("POST", path, { rawBody: body, headers });

const pathOf = (delivery: WebhookDelivery) => new URL(delivery.url).pathname.replace(/^\/api/, "");

describe("POST /payments/mobilepay/webhook/{accountId}", () => {
  it("acknowledges a signed delivery, however often it arrives", async () => {
    await connectedStudio();
    const delivery = activation();
    for (let i = 0; i < 2; i++)
      expect(await deliver(pathOf(delivery), delivery.body, { ...delivery.headers })).toMatchObject({
        status: 200,
        body: { received: true },
      });
  });

  it("answers 400 to an unsigned, altered or misdirected delivery", async () => {
    const tenant = await connectedStudio();
    const delivery = activation();
    const { authorization: _unsigned, ...unsigned } = delivery.headers;
    const other = await createTenant();
    for (const [path, body, headers] of [
      [pathOf(delivery), delivery.body, unsigned],
      [pathOf(delivery), delivery.body, {}],
      [pathOf(delivery), delivery.body.replace("}", ',"agreementId":"agr_other"}'), delivery.headers],
      [pathOf(delivery), delivery.body, { ...delivery.headers, "x-ms-date": "Mon, 30 Nov 2026 10:00:00 GMT" }],
      [`/payments/mobilepay/webhook/${other.accountId}`, delivery.body, delivery.headers],
      [`/payments/mobilepay/webhook/${randomUUID()}`, delivery.body, delivery.headers],
    ] as const)
      expect(await deliver(path, body, { ...headers })).toMatchObject({
        status: 400,
        body: { error: "Invalid signature" },
      });
    expect(pathOf(delivery)).toBe(`/payments/mobilepay/webhook/${tenant.accountId}`);
  });

  it("answers 400 to a delivery signed more than 5 minutes ago or ahead, however well signed", async () => {
    await connectedStudio();
    for (const minutes of [-6, -60, 6]) {
      fake.signedAt = () => new Date(Date.now() + minutes * 60_000);
      const delivery = activation();
      expect(await deliver(pathOf(delivery), delivery.body, { ...delivery.headers }), `${minutes} min`).toMatchObject({
        status: 400,
        body: { error: "Invalid signature" },
      });
    }
    fake.signedAt = () => new Date(Date.now() - 4 * 60_000);
    const recent = activation();
    expect(await deliver(pathOf(recent), recent.body, { ...recent.headers })).toMatchObject({ status: 200 });
  });
});
