import { endpoints, json, route } from "@/lib/http/route";
import { InviteUserInput } from "@/lib/schemas/user-input";
import { inviteUser } from "@/lib/users/invite-user";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/users/invitations", {
  POST: route({ operation: "POST /users/invitations", auth: "admin", body: InviteUserInput }, async ({ auth, body }) =>
    json(await inviteUser({ db: auth.db, accountId: auth.accountId, ...body }), 201),
  ),
});
