// What our HTTP server does to every request before Next sees it (scripts/next-server.ts; the tests'
// HTTP server does the same). No "server-only" here: that server runs outside Next's bundles.
import type { IncomingMessage } from "node:http";
import { stampClientAddress, type ProxyTrust } from "./client-address";

export function prepareIncomingRequest(request: IncomingMessage, trust: ProxyTrust): void {
  if (request.url) request.url = repairPercentEncoding(request.url);
  stampClientAddress(request, trust);
}

const ESCAPE = /%[0-9a-fA-F]{2}/y;

/**
 * A request target whose percent-escapes do not decode as UTF-8 (`/%ff`, `/%e0%a4`, `/%zz`) fails
 * in Next's router with a plain-text 500. Each `%` that does not begin a valid escape of UTF-8 is
 * escaped itself, so `/%ff` names the text "%ff": no studio, no id, a 404 like any other.
 */
export function repairPercentEncoding(target: string): string {
  if (!target.includes("%") || decodes(target)) return target;
  let repaired = "";
  let index = 0;
  while (index < target.length) {
    if (target[index] !== "%") {
      repaired += target[index++];
      continue;
    }
    const sequence = utf8EscapeAt(target, index);
    if (sequence) {
      repaired += sequence;
      index += sequence.length;
    } else {
      repaired += "%25";
      index += 1;
    }
  }
  return repaired;
}

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/** The escapes of one whole UTF-8 character starting at `index`, or undefined. */
function utf8EscapeAt(target: string, index: number): string | undefined {
  ESCAPE.lastIndex = index;
  if (!ESCAPE.test(target)) return undefined;
  const lead = parseInt(target.slice(index + 1, index + 3), 16);
  const length =
    lead < 0x80
      ? 1
      : lead >= 0xc2 && lead < 0xe0
        ? 2
        : lead >= 0xe0 && lead < 0xf0
          ? 3
          : lead >= 0xf0 && lead < 0xf5
            ? 4
            : 0;
  if (length === 0) return undefined;
  const sequence = target.slice(index, index + 3 * length);
  return /^(%[0-9a-fA-F]{2})+$/.test(sequence) && sequence.length === 3 * length && decodes(sequence)
    ? sequence
    : undefined;
}
