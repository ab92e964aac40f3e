// A fake Vipps MobilePay API on 127.0.0.1 following their published API: the Access Token API,
// Recurring API v3 (agreements, charges, refunds) and the Webhooks API (registration; deliveries
// signed as their "request authentication" page documents). Tests drive the member's side (approve,
// decline, let expire) and the bank's (capture, fail) and read the signed deliveries it would send.
import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { signWebhook, type SignedHeaders } from "@/lib/payments/mobilepay/webhook-signature";

export type SalesUnitKeys = {
  merchantSerialNumber: string;
  clientId: string;
  clientSecret: string;
  subscriptionKey: string;
};
type AgreementStatus = "PENDING" | "ACTIVE" | "STOPPED" | "EXPIRED";
type ChargeStatus =
  "PENDING" | "DUE" | "RESERVED" | "CHARGED" | "FAILED" | "CANCELLED" | "REFUNDED" | "PARTIALLY_REFUNDED";
export type FakeCharge = {
  id: string;
  agreementId: string;
  amount: number;
  amountRefunded: number;
  currency: string;
  description: string;
  due: string;
  retryDays: number;
  status: ChargeStatus;
  type: "INITIAL" | "RECURRING";
  orderId?: string;
};
export type FakeAgreement = {
  id: string;
  msn: string;
  status: AgreementStatus;
  productName: string;
  productDescription?: string;
  pricing: { type: string; amount: number; currency: string };
  interval: { unit: string; count: number };
  merchantRedirectUrl: string;
  merchantAgreementUrl: string;
  externalId?: string;
  initialChargeId?: string;
};
export type WebhookDelivery = { url: string; body: string; headers: SignedHeaders; event: Record<string, unknown> };
type Registration = { id: string; msn: string; url: string; events: string[]; secret: string };
type Handler = (request: { msn: string; body: Record<string, unknown>; params: string[] }) => [number, unknown];

export class FakeVippsMobilepay {
  salesUnits: SalesUnitKeys[] = [];
  agreements = new Map<string, FakeAgreement>();
  charges = new Map<string, FakeCharge>();
  webhooks: Registration[] = [];
  deliveries: WebhookDelivery[] = [];
  requests: { method: string; path: string; body: Record<string, unknown> }[] = [];
  /** Answer every API call (but the token) with this status, as when their service is down. */
  failWith: number | null = null;
  /** The fake's time: events' `occurred`, charges' days. */
  clock = () => new Date("2026-11-30T09:00:00Z");
  /**
   * When a delivery is signed, its `x-ms-date` (RFC 1123): the real time, as Vipps MobilePay signs
   * when it sends, since the app refuses one more than 5 minutes from its own clock.
   */
  signedAt = () => new Date();
  /**
   * Also POST each delivery to its webhook, as Vipps MobilePay does (the end-to-end journey's fake,
   * scripts/fake-mobilepay.ts); tests deliver them themselves.
   */
  deliverOverHttp = false;
  /**
   * The member's answers on the confirmation page kept back (POST /fake/hold) until POST /fake/release
   * gives them, as when the app hears of an approval only after the member is back at the studio.
   */
  heldAnswers: { agreementId: string; answer: string }[] | null = null;
  private tokens = new Map<string, string>();
  private idempotent = new Map<string, [number, unknown]>();
  private server: Server | null = null;
  baseUrl = "";

  async start(port = 0): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(port, "127.0.0.1", resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.baseUrl;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }

  reset(): void {
    for (const collection of [this.agreements, this.charges, this.tokens, this.idempotent]) collection.clear();
    for (const list of [this.salesUnits, this.webhooks, this.deliveries, this.requests]) list.length = 0;
    this.failWith = null;
    this.heldAnswers = null;
    this.signedAt = () => new Date();
  }

  addSalesUnit(keys: SalesUnitKeys): SalesUnitKeys {
    this.salesUnits.push(keys);
    return keys;
  }

  // The member's side, in the app.

  /** Approves the agreement; its initial charge, if any, is captured at once (DIRECT_CAPTURE). */
  approve(agreementId: string): void {
    const agreement = this.pendingAgreement(agreementId);
    agreement.status = "ACTIVE";
    this.emit(agreement.msn, { eventType: "recurring.agreement-activated.v1", agreementId, actor: "USER" });
    if (agreement.initialChargeId) this.capture(agreement.initialChargeId);
  }

  decline(agreementId: string): void {
    const agreement = this.pendingAgreement(agreementId);
    agreement.status = "STOPPED";
    this.cancelInitialCharge(agreement);
    this.emit(agreement.msn, { eventType: "recurring.agreement-rejected.v1", agreementId, actor: "USER" });
  }

  expire(agreementId: string): void {
    const agreement = this.pendingAgreement(agreementId);
    agreement.status = "EXPIRED";
    this.cancelInitialCharge(agreement);
    this.emit(agreement.msn, { eventType: "recurring.agreement-expired.v1", agreementId, actor: "SYSTEM" });
  }

  /** The member stops an active agreement in the app. */
  stopInApp(agreementId: string): void {
    const agreement = this.agreements.get(agreementId);
    if (agreement?.status !== "ACTIVE") throw new Error(`Agreement ${agreementId} is not active`);
    agreement.status = "STOPPED";
    this.emit(agreement.msn, { eventType: "recurring.agreement-stopped.v1", agreementId, actor: "USER" });
  }

  // The bank's side, on a charge's due date (or a retry day).

  capture(chargeId: string): void {
    this.settle(chargeId, "CHARGED", "recurring.charge-captured.v1");
  }

  fail(chargeId: string): void {
    this.settle(chargeId, "FAILED", "recurring.charge-failed.v1");
  }

  /** Sends (again) a delivery already sent: webhooks arrive at least once. */
  redeliver(delivery: WebhookDelivery): WebhookDelivery {
    this.deliveries.push(delivery);
    return delivery;
  }

  chargesOf(agreementId: string): FakeCharge[] {
    return [...this.charges.values()].filter((charge) => charge.agreementId === agreementId);
  }

  private settle(chargeId: string, status: "CHARGED" | "FAILED", eventType: string) {
    const charge = this.charges.get(chargeId);
    if (!charge) throw new Error(`No charge ${chargeId}`);
    charge.status = status;
    const agreement = this.agreements.get(charge.agreementId)!;
    this.emit(agreement.msn, {
      eventType,
      agreementId: charge.agreementId,
      chargeId,
      amount: charge.amount,
      chargeType: charge.type,
      currency: charge.currency,
      ...(status === "FAILED" && { failureReason: "insufficient_funds", failureDescription: "Insufficient funds" }),
    });
  }

  private pendingAgreement(agreementId: string): FakeAgreement {
    const agreement = this.agreements.get(agreementId);
    if (agreement?.status !== "PENDING") throw new Error(`Agreement ${agreementId} is not pending`);
    return agreement;
  }

  private cancelInitialCharge(agreement: FakeAgreement) {
    const initial = agreement.initialChargeId ? this.charges.get(agreement.initialChargeId) : undefined;
    if (initial) initial.status = "CANCELLED";
  }

  private emit(msn: string, fields: Record<string, unknown>) {
    const event = { ...fields, msn, occurred: this.clock().toISOString() };
    for (const webhook of this.webhooks) {
      if (webhook.msn !== msn || !webhook.events.includes(String(fields.eventType))) continue;
      const body = JSON.stringify(event);
      const headers = signWebhook(webhook.url, body, webhook.secret, this.signedAt().toUTCString());
      this.deliveries.push({ url: webhook.url, body, headers, event });
      if (this.deliverOverHttp) void this.post(webhook.url, body, headers);
    }
  }

  private async post(url: string, body: string, { host: _set, ...headers }: SignedHeaders) {
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body,
      });
      if (!response.ok) console.warn(`fake Vipps MobilePay: the webhook answered ${response.status}`);
    } catch (error) {
      // Their retries are not faked: the app's poll is the safety net.
      console.warn(
        `fake Vipps MobilePay: the webhook could not be reached (${error instanceof Error ? error.message : error})`,
      );
    }
  }

  // The HTTP API.

  private routes: [string, RegExp, Handler][] = [
    ["POST", /^\/recurring\/v3\/agreements$/, (r) => this.createAgreement(r.msn, r.body)],
    [
      "GET",
      /^\/recurring\/v3\/agreements\/([^/]+)$/,
      (r) => this.found(this.agreementOf(r.msn, r.params[0]!), agreementDto),
    ],
    ["PATCH", /^\/recurring\/v3\/agreements\/([^/]+)$/, (r) => this.updateAgreement(r.msn, r.params[0]!, r.body)],
    ["POST", /^\/recurring\/v3\/agreements\/([^/]+)\/charges$/, (r) => this.createCharge(r.msn, r.params[0]!, r.body)],
    [
      "GET",
      /^\/recurring\/v3\/agreements\/([^/]+)\/charges\/([^/]+)$/,
      (r) => this.found(this.chargeOf(r.msn, r.params[0]!, r.params[1]!), chargeDto),
    ],
    [
      "DELETE",
      /^\/recurring\/v3\/agreements\/([^/]+)\/charges\/([^/]+)$/,
      (r) => this.cancelCharge(r.msn, r.params[0]!, r.params[1]!),
    ],
    [
      "POST",
      /^\/recurring\/v3\/agreements\/([^/]+)\/charges\/([^/]+)\/refund$/,
      (r) => this.refund(r.msn, r.params[0]!, r.params[1]!, r.body),
    ],
    ["POST", /^\/webhooks\/v1\/webhooks$/, (r) => this.register(r.msn, r.body)],
    ["GET", /^\/webhooks\/v1\/webhooks$/, (r) => [200, { webhooks: this.webhooksOf(r.msn).map(webhookDto) }]],
    ["DELETE", /^\/webhooks\/v1\/webhooks\/([^/]+)$/, (r) => this.unregister(r.msn, r.params[0]!)],
  ];

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    const method = req.method ?? "GET";
    // The member's pages (a form's body, not JSON) and the health check come before the API.
    if (path === "/fake/health") return send(res, 200, { ok: true });
    if (method === "POST" && path === "/fake/hold") return send(res, 200, { held: (this.heldAnswers ??= []).length });
    if (method === "POST" && path === "/fake/release") return send(res, 200, { released: this.releaseAnswers() });
    const confirming = /^\/fake\/confirm\/([^/]+)$/.exec(path);
    if (confirming) return this.confirmationPage(res, method, decodeURIComponent(confirming[1]!), text);
    let body: Record<string, unknown>;
    try {
      body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    } catch {
      return send(res, 400, problem(400, "Malformed JSON"));
    }
    this.requests.push({ method, path, body });
    const header = (name: string) => String(req.headers[name] ?? "");
    if (method === "POST" && path === "/accesstoken/get") return send(res, ...this.accessToken(header));
    const msn = this.authorizedMsn(header);
    if (!msn) return send(res, 401, problem(401, "Unauthorized"));
    if (this.failWith) return send(res, this.failWith, problem(this.failWith, "Service unavailable"));
    const idempotencyKey = method === "GET" ? "" : header("idempotency-key");
    const remembered = idempotencyKey && this.idempotent.get(`${msn}:${method}:${path}:${idempotencyKey}`);
    if (remembered) return send(res, ...remembered);
    for (const [routeMethod, pattern, handler] of this.routes) {
      const match = method === routeMethod ? pattern.exec(path) : null;
      if (!match) continue;
      const answer = handler({ msn, body, params: match.slice(1) });
      if (idempotencyKey && answer[0] < 300) this.idempotent.set(`${msn}:${method}:${path}:${idempotencyKey}`, answer);
      return send(res, ...answer);
    }
    send(res, 404, problem(404, "Not found"));
  }

  /**
   * The page `vippsConfirmationUrl` opens (the MobilePay app, in their test environment a web page):
   * the agreement's terms and two buttons; the answer sends the member back to `merchantRedirectUrl`.
   */
  private confirmationPage(res: ServerResponse, method: string, agreementId: string, form: string) {
    const agreement = this.agreements.get(agreementId);
    if (!agreement) return send(res, 404, problem(404, "Agreement not found"));
    if (method === "POST") {
      const answer = new URLSearchParams(form).get("answer") ?? "";
      if (this.heldAnswers) this.heldAnswers.push({ agreementId, answer });
      else this.answer(agreementId, answer);
      res.writeHead(303, { location: agreement.merchantRedirectUrl });
      return res.end();
    }
    const amount = (agreement.pricing.amount / 100).toFixed(2).replace(".", ",");
    const escape = (value: string) => value.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="da"><head><meta name="viewport" content="width=device-width"><title>MobilePay</title></head>
<body><main><h1>MobilePay</h1><p>${escape(agreement.productName)} — ${escape(agreement.productDescription ?? "")}</p>
<p>${amount} ${escape(agreement.pricing.currency)} / ${escape(agreement.interval.unit)}</p>
<form method="post"><button name="answer" value="approve">Godkend aftale</button>
<button name="answer" value="decline">Afvis</button></form></main></body></html>`);
  }

  private answer(agreementId: string, answer: string) {
    if (this.agreements.get(agreementId)?.status !== "PENDING") return;
    if (answer === "approve") this.approve(agreementId);
    else this.decline(agreementId);
  }

  /** Gives the answers held back since POST /fake/hold, and stops holding them: how many there were. */
  private releaseAnswers(): number {
    const held = this.heldAnswers ?? [];
    this.heldAnswers = null;
    for (const { agreementId, answer } of held) this.answer(agreementId, answer);
    return held.length;
  }

  private accessToken(header: (name: string) => string): [number, unknown] {
    const unit = this.salesUnits.find(
      (u) =>
        u.clientId === header("client_id") &&
        u.clientSecret === header("client_secret") &&
        u.subscriptionKey === header("ocp-apim-subscription-key"),
    );
    if (!unit) return [401, { error: "invalid_client", error_description: "Invalid client credentials" }];
    const token = randomBytes(24).toString("base64url");
    this.tokens.set(token, unit.merchantSerialNumber);
    return [200, { token_type: "Bearer", expires_in: "3599", ext_expires_in: "3599", access_token: token }];
  }

  /** The sales unit of the bearer token, which must match the subscription key and MSN headers sent with it. */
  private authorizedMsn(header: (name: string) => string): string | null {
    const msn = this.tokens.get(header("authorization").replace(/^Bearer /, ""));
    const unit = this.salesUnits.find((u) => u.merchantSerialNumber === msn);
    if (!unit || unit.subscriptionKey !== header("ocp-apim-subscription-key")) return null;
    const named = header("merchant-serial-number");
    return !named || named === msn ? msn! : null;
  }

  private createAgreement(msn: string, body: Record<string, unknown>): [number, unknown] {
    const pricing = body.pricing as FakeAgreement["pricing"] | undefined;
    const interval = body.interval as FakeAgreement["interval"] | undefined;
    if (!pricing?.amount || !pricing.currency || !interval?.unit || !body.productName || !body.merchantRedirectUrl) {
      return [400, problem(400, "Bad request: pricing, interval, productName and merchantRedirectUrl are required")];
    }
    const agreement: FakeAgreement = {
      id: `agr_${randomUUID().replace(/-/g, "").slice(0, 16)}`,
      msn,
      status: "PENDING",
      productName: String(body.productName),
      productDescription: body.productDescription as string | undefined,
      pricing,
      interval: { unit: interval.unit, count: interval.count ?? 1 },
      merchantRedirectUrl: String(body.merchantRedirectUrl),
      merchantAgreementUrl: String(body.merchantAgreementUrl ?? ""),
      externalId: body.externalId as string | undefined,
    };
    this.agreements.set(agreement.id, agreement);
    const initial = body.initialCharge as { amount: number; description: string; orderId?: string } | undefined;
    if (initial) {
      const charge = this.newCharge(
        agreement,
        { ...initial, due: this.clock().toISOString().slice(0, 10), retryDays: 0 },
        "INITIAL",
      );
      agreement.initialChargeId = charge.id;
    }
    const answer = {
      agreementId: agreement.id,
      vippsConfirmationUrl: `${this.baseUrl}/fake/confirm/${agreement.id}`,
      ...(agreement.initialChargeId && { chargeId: agreement.initialChargeId }),
    };
    return [201, answer];
  }

  private updateAgreement(msn: string, agreementId: string, body: Record<string, unknown>): [number, unknown] {
    const agreement = this.agreementOf(msn, agreementId);
    if (!agreement) return [404, problem(404, "Agreement not found")];
    if (body.status === "STOPPED" && agreement.status !== "STOPPED") {
      agreement.status = "STOPPED";
      this.emit(msn, { eventType: "recurring.agreement-stopped.v1", agreementId, actor: "MERCHANT" });
    }
    return [204, null];
  }

  private createCharge(msn: string, agreementId: string, body: Record<string, unknown>): [number, unknown] {
    const agreement = this.agreementOf(msn, agreementId);
    if (!agreement) return [404, problem(404, "Agreement not found")];
    if (agreement.status !== "ACTIVE") return [400, problem(400, "Agreement is not active")];
    const due = String(body.due ?? "");
    const today = this.clock().toISOString().slice(0, 10);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(due) || daysBetween(today, due) < 2) {
      return [400, problem(400, "Charge due date must be at least 2 days in the future")];
    }
    const charge = this.newCharge(
      agreement,
      {
        amount: Number(body.amount),
        description: String(body.description ?? ""),
        due,
        retryDays: Number(body.retryDays ?? 0),
        orderId: body.orderId as string | undefined,
      },
      "RECURRING",
    );
    charge.status = "DUE";
    return [201, { chargeId: charge.id }];
  }

  private cancelCharge(msn: string, agreementId: string, chargeId: string): [number, unknown] {
    const charge = this.chargeOf(msn, agreementId, chargeId);
    if (!charge) return [404, problem(404, "Charge not found")];
    if (charge.status === "CHARGED") return [400, problem(400, "Charge is already captured")];
    charge.status = "CANCELLED";
    this.emit(msn, { eventType: "recurring.charge-canceled.v1", agreementId, chargeId, amount: charge.amount });
    return [204, null];
  }

  private refund(msn: string, agreementId: string, chargeId: string, body: Record<string, unknown>): [number, unknown] {
    const charge = this.chargeOf(msn, agreementId, chargeId);
    if (!charge) return [404, problem(404, "Charge not found")];
    const amount = Number(body.amount);
    if (!["CHARGED", "PARTIALLY_REFUNDED"].includes(charge.status) || amount > charge.amount - charge.amountRefunded) {
      return [400, problem(400, "Refund amount exceeds what was captured")];
    }
    charge.amountRefunded += amount;
    charge.status = charge.amountRefunded === charge.amount ? "REFUNDED" : "PARTIALLY_REFUNDED";
    return [204, null];
  }

  private register(msn: string, body: Record<string, unknown>): [number, unknown] {
    const url = String(body.url ?? "");
    const events = Array.isArray(body.events) ? body.events.map(String) : [];
    if (!/^https?:\/\//.test(url) || events.length === 0) return [400, problem(400, "url and events are required")];
    const registration = { id: randomUUID(), msn, url, events, secret: randomBytes(30).toString("base64") };
    this.webhooks.push(registration);
    return [201, { id: registration.id, secret: registration.secret }];
  }

  private unregister(msn: string, id: string): [number, unknown] {
    const before = this.webhooks.length;
    this.webhooks = this.webhooks.filter((w) => !(w.msn === msn && w.id === id));
    return this.webhooks.length < before ? [204, null] : [404, problem(404, "Webhook not found")];
  }

  private newCharge(
    agreement: FakeAgreement,
    fields: Pick<FakeCharge, "amount" | "description" | "due" | "retryDays" | "orderId">,
    type: FakeCharge["type"],
  ): FakeCharge {
    const charge: FakeCharge = {
      id: `chr-${randomUUID().replace(/-/g, "").slice(0, 12)}`,
      agreementId: agreement.id,
      currency: agreement.pricing.currency,
      amountRefunded: 0,
      status: "PENDING",
      type,
      ...fields,
    };
    this.charges.set(charge.id, charge);
    return charge;
  }

  private agreementOf(msn: string, agreementId: string): FakeAgreement | undefined {
    const agreement = this.agreements.get(agreementId);
    return agreement?.msn === msn ? agreement : undefined;
  }

  private chargeOf(msn: string, agreementId: string, chargeId: string): FakeCharge | undefined {
    const charge = this.charges.get(chargeId);
    return charge?.agreementId === agreementId && this.agreementOf(msn, agreementId) ? charge : undefined;
  }

  private webhooksOf(msn: string) {
    return this.webhooks.filter((w) => w.msn === msn);
  }

  private found<T>(thing: T | undefined, dto: (thing: T) => unknown): [number, unknown] {
    return thing ? [200, dto(thing)] : [404, problem(404, "Not found")];
  }
}

const agreementDto = (a: FakeAgreement) => ({
  id: a.id,
  status: a.status,
  productName: a.productName,
  productDescription: a.productDescription,
  pricing: a.pricing,
  interval: a.interval,
  merchantRedirectUrl: a.merchantRedirectUrl,
  merchantAgreementUrl: a.merchantAgreementUrl,
  externalId: a.externalId,
});

const chargeDto = (c: FakeCharge) => ({
  id: c.id,
  agreementId: c.agreementId,
  amount: c.amount,
  amountRefunded: c.amountRefunded,
  currency: c.currency,
  description: c.description,
  due: c.due,
  status: c.status,
  type: c.type,
  retryDays: c.retryDays,
  ...(c.orderId && { orderId: c.orderId }),
});

const webhookDto = (w: Registration) => ({ id: w.id, url: w.url, events: w.events });

const problem = (status: number, title: string) => ({ type: "about:blank", title, status });

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, body === null ? {} : { "content-type": "application/json" });
  res.end(body === null ? undefined : JSON.stringify(body));
}
