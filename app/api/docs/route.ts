import { docsPage } from "@/lib/http/api-docs";
import { endpoints } from "@/lib/http/route";

// Interactive API documentation, also under /api (decisions §1). An HTML page, not an API operation;
// the other methods answer the JSON 405 like every /api path.
export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/docs", {
  GET: async () => docsPage("/api/docs"),
});
