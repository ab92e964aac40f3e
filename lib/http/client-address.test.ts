// Per-address rate limits through a real HTTP server that prepares requests as the app's server
// does (tests/helpers/app-server.ts → lib/http/incoming-request.ts), in both TRUSTED_PROXIES modes.
import http, { type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { env, resetEnvCache } from "@/lib/env";
import { routeDispatcher } from "@/tests/helpers/app-server";
import { clientIp, compileProxyTrust, stampClientAddress } from "./client-address";

const savedEnv = { ...process.env };
let servers: http.Server[] = [];

beforeAll(() => {
  process.env.RATE_LIMIT_SIGNUP_PER_IP = "3";
  resetEnvCache();
});
afterEach(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  servers = [];
});
afterAll(() => {
  Object.assign(process.env, savedEnv);
  delete process.env.RATE_LIMIT_SIGNUP_PER_IP;
  resetEnvCache();
});

async function serve(trustedProxies: string): Promise<string> {
  const server = http.createServer(routeDispatcher(compileProxyTrust(trustedProxies)));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A sign-up over HTTP from 127.0.0.1 with the given headers; its status. */
async function signUp(url: string, headers: Record<string, string> = {}): Promise<number> {
  const email = `owner-${randomUUID().slice(0, 8)}@example.com`;
  const response = await fetch(`${url}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ accountName: "Studio Test", email, displayName: "Owner" }),
  });
  await response.arrayBuffer();
  return response.status;
}

describe("TRUSTED_PROXIES empty (the default): the connection's own address", () => {
  it("ignores X-Forwarded-For, however a client rotates it, and a forged address header", async () => {
    const url = await serve("");
    const statuses = [];
    for (let i = 1; i <= 4; i++) {
      statuses.push(await signUp(url, { "x-forwarded-for": `10.78.0.${i}`, "x-studio-client-address": `10.79.0.${i}` }));
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});

describe("TRUSTED_PROXIES naming the proxy: the right-most address it did not add", () => {
  it("keeps a client in its own bucket whatever it prepends, and others in theirs", async () => {
    const url = await serve("loopback");
    const client = "198.51.100.7";
    const statuses = [];
    for (const forged of ["", "10.0.0.1, ", "10.0.0.2, 10.0.0.3, "]) {
      statuses.push(await signUp(url, { "x-forwarded-for": `${forged}${client}` }));
    }
    statuses.push(await signUp(url, { "x-forwarded-for": `203.0.113.9, ${client}` }));
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect(await signUp(url, { "x-forwarded-for": "198.51.100.8" })).toBe(201);
  });

  it("trusts a proxy chain by hop count", async () => {
    const url = await serve("2"); // the loopback peer and the proxy before it
    const client = "192.0.2.44";
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push(await signUp(url, { "x-forwarded-for": `10.9.9.${i}, ${client}, 10.1.1.1` }));
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it("believes no forwarding header from a peer that is not a trusted proxy", () => {
    const stamped = (peer: string, forwardedFor?: string) => {
      const request = { socket: { remoteAddress: peer }, headers: { "x-forwarded-for": forwardedFor } };
      stampClientAddress(request as unknown as IncomingMessage, compileProxyTrust("10.0.0.0/8"));
      return clientIp(new Headers(request.headers as Record<string, string>));
    };
    expect(stamped("203.0.113.5", "198.51.100.1")).toBe("203.0.113.5"); // straight to the app, around the proxy
    expect(stamped("10.0.0.2", "198.51.100.1")).toBe("198.51.100.1"); // through the proxy
    expect(stamped("10.0.0.2", "198.51.100.1, 10.0.0.9")).toBe("198.51.100.1");
    expect(stamped("10.0.0.2")).toBe("10.0.0.2"); // the proxy itself
  });
});

describe("the TRUSTED_PROXIES setting", () => {
  it("refuses an invalid value with a readable message", () => {
    process.env.TRUSTED_PROXIES = "loopback, not-an-address";
    resetEnvCache();
    try {
      expect(() => env()).toThrow(/TRUSTED_PROXIES: not a hop count nor a list of addresses/);
    } finally {
      delete process.env.TRUSTED_PROXIES;
      resetEnvCache();
    }
  });

  it("accepts addresses, CIDR ranges, names and hop counts", () => {
    expect(compileProxyTrust("10.0.0.1, 192.168.0.0/16, ::1, loopback")("192.168.4.4", 1)).toBe(true);
    expect(compileProxyTrust("10.0.0.1")("10.0.0.2", 0)).toBe(false);
    expect(compileProxyTrust("1")("203.0.113.1", 0)).toBe(true);
    expect(compileProxyTrust("1")("203.0.113.1", 1)).toBe(false);
    expect(compileProxyTrust("")("127.0.0.1", 0)).toBe(false);
  });
});
