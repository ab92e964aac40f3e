// The response class of our HTTP server (scripts/next-server.ts). Next flushes a response's headers
// on their own just before it writes the body's first chunk; here they leave with that chunk, so a
// JSON answer is one write to the socket instead of two: one TCP segment and one wake-up of the
// client or load balancer instead of two. Measured by `npm run bench` (docs/decisions/0011).
// No "server-only": this server runs outside Next's bundles.
import { ServerResponse, type IncomingMessage } from "node:http";

export class OneWriteResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  /** The headers are sent with the first chunk of the body, or by `end()` when there is none. */
  override flushHeaders(): void {}
}
