// A stand-in for the HTTP client the Stripe library sends its requests through (the library's own
// HttpClient interface), for tests without network: it records every request (with its
// `Stripe-Account` header when made on a connected account) and answers a Checkout Session create or
// retrieve, a coupon create, an invoice item create, a refund create, a subscription update or cancel, a connected account's create
// (one per Idempotency-Key, as Stripe does) or retrieve, an Account Link and an invoice's payments
// with a canned answer, or with a Stripe error when told to fail.
import type Stripe from "stripe";

export type RecordedStripeRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** The form-encoded request body, e.g. `form.get("line_items[0][price_data][unit_amount]")`. */
  form: URLSearchParams;
};

class FakeResponse implements Stripe.HttpClientResponse {
  constructor(
    private readonly status: number,
    private readonly body: unknown,
  ) {}
  getStatusCode() {
    return this.status;
  }
  getHeaders() {
    return { "request-id": `req_fake_${Math.random().toString(36).slice(2, 10)}`, "content-type": "application/json" };
  }
  getRawResponse() {
    return this.body;
  }
  toStream(): never {
    throw new Error("the fake Stripe client does not stream");
  }
  async toJSON() {
    return this.body;
  }
}

export class FakeStripeHttpClient implements Stripe.HttpClient {
  readonly requests: RecordedStripeRequest[] = [];
  /** When set, every request answers this Stripe error (status 400, not retried by the library). */
  failWith: string | undefined;
  private sessions = 0;
  /** Connected accounts made through this client, by id; a test may change their facts. */
  readonly accounts = new Map<string, Record<string, unknown>>();
  private accountsByIdempotencyKey = new Map<string, string>();

  getClientName() {
    return "fake";
  }

  async makeRequest(
    _host: string,
    _port: string,
    path: string,
    method: string,
    headers: Record<string, unknown>,
    requestData: string,
  ): Promise<Stripe.HttpClientResponse> {
    const form = new URLSearchParams(requestData ?? "");
    this.requests.push({
      method,
      path,
      headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)])),
      form,
    });
    if (this.failWith) {
      return new FakeResponse(400, { error: { type: "invalid_request_error", message: this.failWith } });
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      this.sessions += 1;
      const id = `cs_test_fake${this.sessions}_${Math.random().toString(36).slice(2, 10)}`;
      return new FakeResponse(200, {
        id,
        object: "checkout.session",
        mode: form.get("mode"),
        status: "open",
        payment_status: "unpaid",
        url: `https://checkout.stripe.com/c/pay/${id}`,
        expires_at: Number(form.get("expires_at") ?? Math.floor(Date.now() / 1000) + 24 * 3600),
        client_reference_id: form.get("client_reference_id"),
        customer_email: form.get("customer_email"),
        metadata: { orderId: form.get("metadata[orderId]"), accountId: form.get("metadata[accountId]") },
        success_url: form.get("success_url"),
        cancel_url: form.get("cancel_url"),
      });
    }
    if (method === "POST" && path === "/v1/coupons") {
      return new FakeResponse(200, {
        id: `coupon_fake_${Math.random().toString(36).slice(2, 10)}`,
        object: "coupon",
        amount_off: Number(form.get("amount_off")),
        currency: form.get("currency"),
        duration: form.get("duration"),
      });
    }
    if (method === "POST" && path === "/v1/invoiceitems") {
      return new FakeResponse(200, {
        id: `ii_fake_${Math.random().toString(36).slice(2, 10)}`,
        object: "invoiceitem",
        amount: Number(form.get("amount")),
        currency: form.get("currency"),
        customer: form.get("customer"),
        subscription: form.get("subscription"),
      });
    }
    if (method === "POST" && path === "/v1/refunds") {
      return new FakeResponse(200, {
        id: `re_fake_${Math.random().toString(36).slice(2, 10)}`,
        object: "refund",
        payment_intent: form.get("payment_intent"),
        status: "succeeded",
        metadata: { orderId: form.get("metadata[orderId]") },
      });
    }
    const connect = this.connectAnswer(method, path, form, headers);
    if (connect) return connect;
    const retrieved = method === "GET" ? /^\/v1\/checkout\/sessions\/([^/?]+)/.exec(path) : null;
    if (retrieved) {
      // A subscription-mode session names the subscription it started: `sub_for_<session id>`.
      const id = decodeURIComponent(retrieved[1]!);
      return new FakeResponse(200, {
        id,
        object: "checkout.session",
        mode: "subscription",
        subscription: `sub_for_${id}`,
      });
    }
    const cancelled = method === "DELETE" ? /^\/v1\/subscriptions\/([^/?]+)$/.exec(path) : null;
    if (cancelled) {
      return new FakeResponse(200, {
        id: decodeURIComponent(cancelled[1]!),
        object: "subscription",
        status: "canceled",
      });
    }
    const subscription = method === "POST" ? /^\/v1\/subscriptions\/([^/?]+)$/.exec(path) : null;
    if (subscription) {
      return new FakeResponse(200, {
        id: decodeURIComponent(subscription[1]!),
        object: "subscription",
        status: "active",
        cancel_at_period_end: form.get("cancel_at_period_end") === "true",
      });
    }
    return new FakeResponse(404, {
      error: { type: "invalid_request_error", message: `no fake for ${method} ${path}` },
    });
  }

  /** Connect: accounts, Account Links, and an invoice's payments (`pi_for_<invoice id>`). */
  private connectAnswer(
    method: string,
    path: string,
    form: URLSearchParams,
    headers: Record<string, unknown>,
  ): FakeResponse | null {
    if (method === "POST" && path === "/v1/accounts") {
      const key = String(headers["Idempotency-Key"] ?? "");
      const known = key ? this.accountsByIdempotencyKey.get(key) : undefined;
      if (known) return new FakeResponse(200, this.accounts.get(known));
      const id = `acct_fake${this.accounts.size + 1}${Math.random().toString(36).slice(2, 8)}`;
      const account = {
        id,
        object: "account",
        type: form.get("type"),
        email: form.get("email"),
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
        requirements: { disabled_reason: "requirements.past_due" },
        metadata: { accountId: form.get("metadata[accountId]") },
      };
      this.accounts.set(id, account);
      if (key) this.accountsByIdempotencyKey.set(key, id);
      return new FakeResponse(200, account);
    }
    const account = method === "GET" ? /^\/v1\/accounts\/([^/?]+)$/.exec(path) : null;
    if (account) {
      const found = this.accounts.get(decodeURIComponent(account[1]!));
      return found
        ? new FakeResponse(200, found)
        : new FakeResponse(404, {
            error: { type: "invalid_request_error", code: "resource_missing", message: "No such account" },
          });
    }
    if (method === "POST" && path === "/v1/account_links") {
      return new FakeResponse(200, {
        object: "account_link",
        url: `https://connect.stripe.com/setup/s/${form.get("account")}/${Math.random().toString(36).slice(2, 10)}`,
        created: Math.floor(Date.now() / 1000),
        expires_at: Math.floor(Date.now() / 1000) + 300,
      });
    }
    const invoicePayments = method === "GET" ? /^\/v1\/invoice_payments\?(.*)$/.exec(path) : null;
    if (invoicePayments) {
      const invoice = new URLSearchParams(invoicePayments[1]).get("invoice") ?? "";
      return new FakeResponse(200, {
        object: "list",
        url: "/v1/invoice_payments",
        has_more: false,
        data: [
          {
            id: `inpay_for_${invoice}`,
            object: "invoice_payment",
            invoice,
            status: "paid",
            is_default: true,
            payment: { type: "payment_intent", payment_intent: `pi_for_${invoice}` },
          },
        ],
      });
    }
    return null;
  }
}
