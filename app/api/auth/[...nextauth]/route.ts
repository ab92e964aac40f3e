import { endpoints, route } from "@/lib/http/route";
import { handleNextAuth } from "@/lib/http/nextauth-route";
import { z } from "@/lib/schemas/zod";

// NextAuth's endpoints for the web sign-in form (email provider): CSRF token, providers, and the
// email sign-in request that issues our magic link. Not part of the REST contract.
const Params = z.object({ nextauth: z.array(z.string().max(100)).min(1).max(3) });

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/auth/{nextauth}", {
  GET: route({ operation: "GET /auth/{nextauth}", auth: "none", params: Params }, ({ params, request }) =>
    handleNextAuth(request, params.nextauth),
  ),
  POST: route({ operation: "POST /auth/{nextauth}", auth: "none", params: Params }, ({ params, request }) =>
    handleNextAuth(request, params.nextauth),
  ),
});
