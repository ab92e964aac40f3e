import "server-only";

/** A PDF download: `attachment` under `filename`, never cached (a receipt names a person). */
export function pdfResponse(filename: string, pdf: Buffer): Response {
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
    },
  });
}
