// A real local webhook endpoint for the tests: records what it receives and answers the next
// queued status (200 when none), after `delayMs` (a slow endpoint).
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Received = { headers: http.IncomingHttpHeaders; body: string };

export class WebhookReceiver {
  received: Received[] = [];
  statuses: number[] = [];
  delayMs = 0;
  private server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      this.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      const status = this.statuses.shift() ?? 200;
      setTimeout(() => response.writeHead(status).end(), this.delayMs);
    });
  });

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
