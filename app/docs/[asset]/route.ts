import { docsAsset } from "@/lib/http/api-docs";

export async function GET(_request: Request, context: { params: Promise<{ asset: string }> }): Promise<Response> {
  const { asset } = await context.params;
  return (
    (await docsAsset(asset)) ?? new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } })
  );
}
