import "server-only";

/** A ZIP download streamed as it is made: `attachment` under `filename`, never cached (it names people). */
export function zipResponse(filename: string, zip: ReadableStream<Uint8Array>): Response {
  return new Response(zip, {
    status: 200,
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
