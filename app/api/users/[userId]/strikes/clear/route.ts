import { endpoints, noContent, route } from "@/lib/http/route";
import { UserIdParams } from "@/lib/schemas/user-input";
import { clearStrikes } from "@/lib/strikes/clear-strikes";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/users/{userId}/strikes/clear", {
  POST: route(
    { operation: "POST /users/{userId}/strikes/clear", auth: "admin", params: UserIdParams },
    async ({ auth, params }) => {
      await clearStrikes({ db: auth.db, userId: params.userId });
      return noContent();
    },
  ),
});
