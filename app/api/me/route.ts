import { endpoints, json, noContent, route } from "@/lib/http/route";
import { UpdateMeInput } from "@/lib/schemas/user-input";
import { erasePerson } from "@/lib/users/erase-person";
import { getMe } from "@/lib/users/get-me";
import { updateMyProfile } from "@/lib/users/update-my-profile";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/me", {
  GET: route({ operation: "GET /me", auth: "member", personOnly: true }, async ({ auth }) => json(await getMe(auth))),
  PATCH: route(
    { operation: "PATCH /me", auth: "member", personOnly: true, body: UpdateMeInput },
    async ({ auth, body }) =>
      json(
        await updateMyProfile({
          userId: auth.userId,
          dateOfBirth: body.dateOfBirth,
          locale: body.locale,
          emailReminders: body.emailReminders,
        }),
      ),
  ),
  DELETE: route({ operation: "DELETE /me", auth: "member", personOnly: true }, async ({ auth }) => {
    await erasePerson({ accountId: auth.accountId, userId: auth.userId, requestedBy: { kind: "self" } });
    return noContent();
  }),
});
