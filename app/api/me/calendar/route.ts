import { getOrCreateCalendarFeed, revokeCalendarFeed } from "@/lib/calendar/personal-feed";
import { endpoints, json, noContent, route } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/me/calendar", {
  GET: route({ operation: "GET /me/calendar", auth: "member", personOnly: true }, async ({ auth }) =>
    json(await getOrCreateCalendarFeed({ db: auth.db, accountId: auth.accountId, userId: auth.userId })),
  ),
  DELETE: route({ operation: "DELETE /me/calendar", auth: "member", personOnly: true }, async ({ auth }) => {
    await revokeCalendarFeed({ db: auth.db, userId: auth.userId });
    return noContent();
  }),
});
