import "server-only";
import type { NextRequest } from "next/server";
import { AppError } from "@/lib/errors";

/** A file sent as the body (an import's CSV): its bytes, 413 past `maxBytes` (read no further than that). */
export async function readFileBody(request: NextRequest, maxBytes: number): Promise<Uint8Array> {
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) throw new AppError("payload_too_large");
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > maxBytes) {
      await reader.cancel();
      throw new AppError("payload_too_large");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
