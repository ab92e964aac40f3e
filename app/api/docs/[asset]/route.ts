import { docsAsset } from "@/lib/http/api-docs";
import { endpoints } from "@/lib/http/route";

type Context = { params: Promise<Record<string, string | string[]>> };

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/docs/{asset}", {
  GET: async (_request: Request, context: Context) => {
    const { asset } = await context.params;
    // Under /api every error is JSON (decisions §1).
    return (await docsAsset(String(asset))) ?? Response.json({ error: "Resource not found" }, { status: 404 });
  },
});
