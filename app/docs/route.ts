import { docsPage } from "@/lib/http/api-docs";

// Interactive API documentation (decisions §1: answers at /docs/ and /api/docs/).
export async function GET(): Promise<Response> {
  return docsPage("/docs");
}
