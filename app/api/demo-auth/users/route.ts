import { getDemoAccountOrThrow } from "@/lib/demo/get-demo-account-or-throw";
import { listDemoAttendees } from "@/lib/demo/list-demo-attendees";
import { endpoints, json, route } from "@/lib/http/route";
import { serializeUser } from "@/lib/schemas/user";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/demo-auth/users", {
  GET: route({ operation: "GET /demo-auth/users", auth: "none" }, async () => {
    const account = await getDemoAccountOrThrow();
    const attendees = await listDemoAttendees({ accountId: account.id });
    return json(attendees.map(serializeUser));
  }),
});
