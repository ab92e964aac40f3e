import { endpoints, json, route } from "@/lib/http/route";
import { listUsers } from "@/lib/users/list-users";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/users", {
  GET: route({ operation: "GET /users", auth: "admin" }, async ({ auth }) => json(await listUsers({ db: auth.db }))),
});
