// Our server's responses send their headers with the body's first chunk, even when the handler
// (Next's, before every body) flushes the headers first: a client receives one segment, not two.
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { OneWriteResponse } from "./one-write-response";

let server: http.Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** Serves `handle` with the given response class; resolves with the port. */
async function serve(
  responseClass: typeof http.ServerResponse,
  handle: (response: http.ServerResponse) => void,
): Promise<number> {
  server = http.createServer({ ServerResponse: responseClass }, (_request, response) => handle(response));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** One request on a raw connection; resolves with the chunks as the client received them. */
function receivedChunks(port: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const chunks: string[] = [];
    const socket = net.connect(port, "127.0.0.1", () =>
      socket.write("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"),
    );
    socket.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
    socket.on("end", () => resolve(chunks));
    socket.on("error", reject);
  });
}

/** As Next answers: headers flushed, then the body a moment later. */
const flushThenBody = (body: string) => (response: http.ServerResponse) => {
  response.setHeader("Content-Type", "application/json");
  response.flushHeaders();
  setTimeout(() => response.end(body), 30);
};

describe("OneWriteResponse", () => {
  it("sends the headers together with the body when the handler flushed them first", async () => {
    const port = await serve(OneWriteResponse, flushThenBody('{"ok":true}'));

    const chunks = await receivedChunks(port);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatch(/^HTTP\/1\.1 200 OK\r\nContent-Type: application\/json\r\n.*\r\n\r\n\{"ok":true\}$/s);
  });

  it("still sends the headers of a response without a body", async () => {
    const port = await serve(OneWriteResponse, (response) => {
      response.statusCode = 204;
      response.flushHeaders();
      setTimeout(() => response.end(), 30);
    });

    const chunks = await receivedChunks(port);
    expect(chunks.join("")).toMatch(/^HTTP\/1\.1 204 No Content\r\n/);
  });

  it("differs from Node's own response, whose flushed headers arrive alone", async () => {
    const port = await serve(http.ServerResponse, flushThenBody('{"ok":true}'));

    const chunks = await receivedChunks(port);
    expect(chunks[0]).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(chunks[0]).not.toContain('{"ok":true}');
  });
});
