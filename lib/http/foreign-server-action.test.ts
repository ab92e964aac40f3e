// Server actions from another site (issue 43 §6.3), through a real HTTP server wired as
// scripts/next-server.ts wires it: what it refuses answers 403 with a short JSON body and no stack;
// everything else reaches the next handler (Next, there; here a stand-in that answers 200 "next").
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileProxyTrust } from "./client-address";
import { isForeignServerAction, refuseForeignServerAction } from "./foreign-server-action";
import { prepareIncomingRequest } from "./incoming-request";

const trust = compileProxyTrust("");
const server = http.createServer((request, response) => {
  prepareIncomingRequest(request, trust);
  if (isForeignServerAction(request)) return refuseForeignServerAction(request, response);
  request.resume();
  response.writeHead(200, { "content-type": "text/plain" }).end("next");
});
let port: number;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A request with exactly these headers (fetch would not let a test set Host). */
function send(method: string, path: string, headers: Record<string, string>, body = ""): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method, path, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: text }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

const HOST = "studio.example";
const action = (headers: Record<string, string>) =>
  send(
    "POST",
    "/lotus/dashboard/groups",
    { host: HOST, "next-action": "7f3a9c", "content-type": "text/plain;charset=UTF-8", ...headers },
    '["$K1"]',
  );

function expectRefused(answer: Answer) {
  expect(answer.status).toBe(403);
  expect(JSON.parse(answer.body)).toEqual({ error: "Insufficient permission" });
  expect(answer.body).not.toMatch(/at |Error|Invalid Server Actions/);
  expect(answer.headers["content-type"]).toBe("application/json");
  expect(answer.headers["cache-control"]).toBe("no-store");
  expect(answer.headers["x-content-type-options"]).toBe("nosniff");
}

describe("a server action called from another site", () => {
  it("is refused with 403 and a short body, with Next-Action or as a form posted without JavaScript", async () => {
    expectRefused(await action({ origin: "https://evil.example" }));
    expectRefused(
      await send(
        "POST",
        "/lotus/dashboard/groups",
        { host: HOST, origin: "https://evil.example", "content-type": "multipart/form-data; boundary=x" },
        '--x\r\nContent-Disposition: form-data; name="$ACTION_ID_7f3a9c"\r\n\r\n\r\n--x--\r\n',
      ),
    );
  });

  it("is refused from a sandboxed page (Origin: null), an origin that is not a URL, or the same host on another port", async () => {
    expectRefused(await action({ origin: "null" }));
    expectRefused(await action({ origin: "not a url" }));
    expectRefused(await action({ origin: `https://${HOST}:8443` }));
  });

  it("is compared with the first X-Forwarded-Host when there is one, as Next compares it", async () => {
    expectRefused(await action({ origin: `https://${HOST}`, "x-forwarded-host": "other.example" }));
    expect((await action({ origin: "https://public.example", "x-forwarded-host": "public.example, proxy" })).body).toBe(
      "next",
    );
  });
});

describe("everything else goes on to Next", () => {
  it("a server action from the site itself, or without an Origin", async () => {
    expect(await action({ origin: `https://${HOST}` })).toMatchObject({ status: 200, body: "next" });
    expect(await action({})).toMatchObject({ status: 200, body: "next" });
  });

  it("the API's POSTs from anywhere (their own authentication decides), pages' GETs, and plain POSTs", async () => {
    const foreign = { host: HOST, origin: "https://evil.example" };
    for (const [method, path, headers] of [
      ["POST", "/api/payments/stripe/webhook", { ...foreign, "content-type": "multipart/form-data; boundary=x" }],
      ["POST", "/api/bookings", { ...foreign, "next-action": "7f3a9c" }],
      ["GET", "/lotus", { ...foreign, "next-action": "7f3a9c" }],
      ["POST", "/lotus", { ...foreign, "content-type": "application/json" }],
    ] as const) {
      expect(await send(method, path, headers), `${method} ${path}`).toMatchObject({ status: 200, body: "next" });
    }
  });
});
