import { deleteApiKey } from "@/lib/api-keys/delete-api-key";
import { endpoints, noContent, route } from "@/lib/http/route";
import { ApiKeyParams } from "@/lib/schemas/api-key";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/api-keys/{apiKeyId}", {
  DELETE: route(
    { operation: "DELETE /api-keys/{apiKeyId}", auth: "admin", personOnly: true, params: ApiKeyParams },
    async ({ auth, params }) => {
      await deleteApiKey({ db: auth.db, apiKeyId: params.apiKeyId });
      return noContent();
    },
  ),
});
