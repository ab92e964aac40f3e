// The response class of our HTTP server (scripts/next-server.ts): one write per answer
// (OneWriteResponse), and never an answer without the security headers. Next sends its own
// redirects (a trailing slash: `/docs/` → `/docs`) without the headers next.config's rules and the
// proxy give every other response; this adds them to any response that reaches its head without
// them. No "server-only": this server runs outside Next's bundles.
import type { IncomingMessage, OutgoingHttpHeader, OutgoingHttpHeaders } from "node:http";
import { OneWriteResponse } from "./one-write-response";
import { headersOfUnguardedResponse } from "./security-headers";

/** A response class whose answers always carry the security headers (HSTS too when the origin is https). */
export function guardedResponseClass(options: { https: boolean }) {
  return class GuardedResponse<Request extends IncomingMessage = IncomingMessage> extends OneWriteResponse<Request> {
    // Node sends a head through writeHead, called by the handler or implicitly by the first write or end().
    override writeHead(
      statusCode: number,
      ...rest:
        [string?, (OutgoingHttpHeaders | OutgoingHttpHeader[])?] | [(OutgoingHttpHeaders | OutgoingHttpHeader[])?]
    ): this {
      if (!this.headersSent && !this.hasHeader("x-content-type-options")) {
        const pathname = (this.req?.url ?? "/").split("?")[0] ?? "/";
        for (const { key, value } of headersOfUnguardedResponse(pathname, options.https)) {
          if (!this.hasHeader(key)) this.setHeader(key, value);
        }
      }
      return super.writeHead(statusCode, ...(rest as [string, OutgoingHttpHeaders]));
    }
  };
}
