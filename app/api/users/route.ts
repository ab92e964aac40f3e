import { pageResponse } from "@/lib/http/page-response";
import { endpoints, route } from "@/lib/http/route";
import { ListUsersQuery, serializePersonSummary } from "@/lib/schemas/user";
import { listUsers } from "@/lib/users/list-users";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/users", {
  GET: route({ operation: "GET /users", auth: "staff", query: ListUsersQuery }, async ({ auth, query, request }) => {
    const page = await listUsers({ db: auth.db, accountId: auth.accountId, viewer: auth.persona, ...query });
    const items = auth.persona === "administrator" ? page.items : page.items.map(serializePersonSummary);
    return pageResponse(request, items, page.next);
  }),
});
