// A local stand-in for Dinero's API (decision 0042), following what lib/accounting/dinero-client.ts
// uses of it: the personal integration's token endpoint (Basic client id:secret, grant_type
// password with the API key as username and password), POST /v1/{org}/files (multipart), manual
// vouchers created, read and booked (the booking names the voucher's TimeStamp). It records what
// it keeps and can answer the next requests of a kind with a failure.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { resetEnvCache } from "@/lib/env";

export const DINERO = {
  organizationId: "424242",
  clientId: "studio-client",
  clientSecret: "client-secret-1",
  apiKey: "api-key-1",
};

export type FakeDineroFile = { guid: string; organizationId: string; name: string; type: string; bytes: Uint8Array };
export type FakeDineroVoucher = {
  guid: string;
  organizationId: string;
  body: Record<string, unknown>;
  timestamp: string;
  status: "Draft" | "Booked";
  number: number | null;
  bookings: number;
};
type Kind = "token" | "files" | "create" | "get" | "book";

export class FakeDinero {
  files: FakeDineroFile[] = [];
  vouchers: FakeDineroVoucher[] = [];
  /** Statuses the next requests of a kind answer instead of their success. */
  failures: Partial<Record<Kind, number[]>> = {};
  /** Organizations the credentials may reach. */
  organizations = new Set([DINERO.organizationId]);
  /** Each answer waits this long (a slow Dinero: two senders' attempts overlap). */
  delayMs = 0;
  private tokens = new Set<string>();
  private server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      new Promise((resolve) => setTimeout(resolve, this.delayMs))
        .then(() => this.answer(request, Buffer.concat(chunks)))
        .then(([status, body]) =>
          response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body)),
        )
        .catch(() => response.writeHead(500).end());
    });
  });

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  reset(): void {
    this.files = [];
    this.vouchers = [];
    this.failures = {};
  }

  failNext(kind: Kind, ...statuses: number[]): void {
    this.failures[kind] = [...(this.failures[kind] ?? []), ...statuses];
  }

  private async answer(request: http.IncomingMessage, body: Buffer): Promise<[number, unknown]> {
    const url = new URL(request.url ?? "/", this.url);
    if (request.method === "POST" && url.pathname === "/token")
      return this.failed("token") ?? this.token(request, body);
    if (!this.tokens.has((request.headers.authorization ?? "").replace(/^Bearer /, "")))
      return [401, { message: "Authorization has been denied for this request." }];
    const match = /^\/v1\/([^/]+)(\/.*)$/.exec(url.pathname);
    if (!match) return [404, { message: "Not found" }];
    const [, organizationId, rest] = match as unknown as [string, string, string];
    if (!this.organizations.has(organizationId)) return [403, { message: "No access to the organization" }];
    if (request.method === "POST" && rest === "/files")
      return this.failed("files") ?? this.upload(organizationId, request, body);
    if (request.method === "POST" && rest === "/vouchers/manuel")
      return this.failed("create") ?? this.create(organizationId, JSON.parse(body.toString("utf8")));
    const voucher = /^\/vouchers\/manuel\/([^/]+)(\/book)?$/.exec(rest);
    const found = voucher && this.vouchers.find((v) => v.guid === voucher[1] && v.organizationId === organizationId);
    if (!voucher || !found) return [404, { message: "Voucher not found" }];
    if (request.method === "GET" && !voucher[2])
      return this.failed("get") ?? [200, { Guid: found.guid, TimeStamp: found.timestamp, Status: found.status }];
    if (request.method === "POST" && voucher[2])
      return this.failed("book") ?? this.book(found, JSON.parse(body.toString("utf8")));
    return [405, { message: "Method not allowed" }];
  }

  private failed(kind: Kind): [number, unknown] | undefined {
    const status = this.failures[kind]?.shift();
    return status === undefined ? undefined : [status, { code: status, message: "Failure asked of the fake" }];
  }

  private token(request: http.IncomingMessage, body: Buffer): [number, unknown] {
    const basic = Buffer.from(`${DINERO.clientId}:${DINERO.clientSecret}`).toString("base64");
    const form = new URLSearchParams(body.toString("utf8"));
    const granted =
      request.headers.authorization === `Basic ${basic}` &&
      form.get("grant_type") === "password" &&
      form.get("username") === DINERO.apiKey &&
      form.get("password") === DINERO.apiKey;
    if (!granted) return [400, { error: "invalid_grant" }];
    const token = randomUUID();
    this.tokens.add(token);
    return [200, { access_token: token, token_type: "Bearer", expires_in: 3600, refresh_token: randomUUID() }];
  }

  private async upload(
    organizationId: string,
    request: http.IncomingMessage,
    body: Buffer,
  ): Promise<[number, unknown]> {
    const parsed = await new Request(`${this.url}/files`, {
      method: "POST",
      headers: { "content-type": request.headers["content-type"] ?? "" },
      body: new Uint8Array(body),
    }).formData();
    const file = parsed.get("file");
    if (!(file instanceof File)) return [400, { message: "No file" }];
    const guid = randomUUID();
    this.files.push({
      guid,
      organizationId,
      name: file.name,
      type: file.type,
      bytes: new Uint8Array(await file.arrayBuffer()),
    });
    return [200, { FileGuid: guid, OrganizationId: organizationId }];
  }

  private create(organizationId: string, body: Record<string, unknown>): [number, unknown] {
    if (!this.files.some((file) => file.guid === body.FileGuid)) return [400, { code: 1, message: "Unknown FileGuid" }];
    const voucher: FakeDineroVoucher = {
      guid: randomUUID(),
      organizationId,
      body,
      timestamp: randomUUID().slice(0, 16),
      status: "Draft",
      number: null,
      bookings: 0,
    };
    this.vouchers.push(voucher);
    return [201, { Guid: voucher.guid, TimeStamp: voucher.timestamp }];
  }

  private book(voucher: FakeDineroVoucher, body: { Timestamp?: string }): [number, unknown] {
    if (voucher.status === "Booked") return [400, { code: 60, message: "Voucher already booked" }];
    if (body.Timestamp !== voucher.timestamp) return [400, { code: 58, message: "Timestamp outdated" }];
    voucher.status = "Booked";
    voucher.bookings += 1;
    voucher.number = this.vouchers.filter((v) => v.status === "Booked").length;
    voucher.timestamp = randomUUID().slice(0, 16);
    return [200, { Guid: voucher.guid, VoucherNumber: voucher.number, TimeStamp: voucher.timestamp }];
  }
}

/** A fake Dinero for one test file, DINERO_API_URL and DINERO_TOKEN_URL pointing at it. */
export function useFakeDinero(): FakeDinero {
  const fake = new FakeDinero();
  beforeAll(async () => {
    await fake.start();
    process.env.DINERO_API_URL = fake.url;
    process.env.DINERO_TOKEN_URL = `${fake.url}/token`;
    resetEnvCache();
  });
  afterAll(async () => {
    await fake.stop();
    delete process.env.DINERO_API_URL;
    delete process.env.DINERO_TOKEN_URL;
    resetEnvCache();
  });
  return fake;
}
