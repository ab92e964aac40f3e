import "server-only";
import type { NextRequest } from "next/server";
import { AppError } from "@/lib/errors";

/**
 * Hands a file sent as the body (an import's CSV) to `consume` as it arrives, a chunk at a time,
 * none of it kept here: 413 past `maxBytes` (read no further than that). When `consume` stops
 * early (it refused the file), the rest is read and dropped, up to `maxBytes`: the client, which
 * sends its whole body before it reads the answer, gets it, and a body over the limit whose length
 * was not declared is a 413 whatever it holds, as a declared one is.
 */
export async function readFileBody<T>(
  request: NextRequest,
  maxBytes: number,
  consume: (chunks: AsyncIterable<Uint8Array>) => Promise<T>,
): Promise<T> {
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) throw new AppError("payload_too_large");
  const body = request.body;
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let length = 0;
  let ended = false;
  const read = async (): Promise<Uint8Array | undefined> => {
    reader ??= body!.getReader();
    const { done, value } = await reader.read();
    if (done) {
      ended = true;
      return undefined;
    }
    length += value.byteLength;
    if (length > maxBytes) {
      await reader.cancel();
      throw new AppError("payload_too_large");
    }
    return value;
  };
  async function* chunks(): AsyncGenerator<Uint8Array> {
    if (!body) return;
    for (let chunk = await read(); chunk; chunk = await read()) yield chunk;
  }
  try {
    return await consume(chunks());
  } catch (error) {
    if (reader && !ended && !(error instanceof AppError && error.code === "payload_too_large")) {
      const drained = await drain(read);
      if (drained) throw drained;
    }
    throw error;
  }
}

/** Reads the body to its end; the 413 when it is over the limit, nothing when it breaks off. */
async function drain(read: () => Promise<Uint8Array | undefined>): Promise<AppError | undefined> {
  try {
    while (await read());
  } catch (error) {
    if (error instanceof AppError) return error;
  }
  return undefined;
}
