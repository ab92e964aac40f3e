// Overload is shed by our HTTP server before anything is routed: requests past the in-flight cap,
// and every request on a connection opened past the connection cap, are answered 503 with
// Retry-After at once, while the requests already admitted are served as usual.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { admitRequests, type AdmissionLimits } from "./admission";

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

let server: http.Server | undefined;
const held: (() => void)[] = [];

afterEach(async () => {
  held.splice(0).forEach((release) => release());
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A server whose requests to /slow wait until the test releases them; anything else answers at once. */
async function serve(limits: AdmissionLimits): Promise<{ url: string; handled: string[] }> {
  const handled: string[] = [];
  server = http.createServer();
  admitRequests(server, limits, (request, response) => {
    handled.push(request.url ?? "");
    const answer = () => response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    if (request.url === "/slow") held.push(answer);
    else answer();
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, handled };
}

function get(url: string, agent: http.Agent | false = false, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { agent, method }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

const waitFor = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe("admission before routing", () => {
  it("answers 503 with Retry-After past the in-flight cap, without handing the request on", async () => {
    const { url, handled } = await serve({ maxRequestsInFlight: 2, maxOpenConnections: 100 });
    const slow = [get(`${url}/slow`), get(`${url}/slow`)];
    await waitFor(() => handled.length === 2);

    const shed = await get(`${url}/api/bookings`, false, "POST");
    expect(shed.status).toBe(503);
    expect(shed.headers["retry-after"]).toBe("1");
    expect(shed.headers["content-type"]).toBe("application/json");
    expect(shed.headers["x-content-type-options"]).toBe("nosniff");
    expect(shed.headers["cache-control"]).toBe("no-store");
    expect(JSON.parse(shed.body)).toEqual({ error: "Service unavailable" });
    const page = await get(`${url}/demo`);
    expect(page.status).toBe(503);
    expect(page.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(handled).toEqual(["/slow", "/slow"]);

    held.splice(0).forEach((release) => release());
    expect((await Promise.all(slow)).map((answer) => answer.status)).toEqual([200, 200]);
    expect((await get(`${url}/api/bookings`)).status).toBe(200); // room again
  });

  it("still answers the health probe when full, so a busy process is not taken for a dead one", async () => {
    const { url, handled } = await serve({ maxRequestsInFlight: 1, maxOpenConnections: 100 });
    void get(`${url}/slow`);
    await waitFor(() => handled.length === 1);
    expect((await get(`${url}/api/health`)).status).toBe(200);
    expect((await get(`${url}/api/healthz`)).status).toBe(503);
  });

  it("answers every request on a connection past the cap 503 and closes it; earlier connections are served", async () => {
    const { url, handled } = await serve({ maxRequestsInFlight: 100, maxOpenConnections: 2 });
    const kept = new http.Agent({ keepAlive: true, maxSockets: 2 });
    await Promise.all([get(`${url}/a`, kept), get(`${url}/b`, kept)]); // two connections, kept open
    const flooded = await get(`${url}/c`); // a third connection
    expect(flooded.status).toBe(503);
    expect(flooded.headers["retry-after"]).toBe("1");
    expect(flooded.headers.connection).toBe("close");
    expect((await get(`${url}/d`, kept)).status).toBe(200); // the kept connections are still served
    expect(handled).toEqual(["/a", "/b", "/d"]);
    kept.destroy();
  });
});
