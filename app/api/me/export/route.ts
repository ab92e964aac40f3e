import { endpoints, json, route } from "@/lib/http/route";
import { exportMyData } from "@/lib/users/export-my-data";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/me/export", {
  GET: route({ operation: "GET /me/export", auth: "member", personOnly: true }, async ({ auth }) => {
    const data = await exportMyData({ userId: auth.userId });
    return json(data, 200, {
      "Content-Disposition": `attachment; filename="my-data-${data.exportedAt.slice(0, 10)}.json"`,
      "Cache-Control": "private, no-store",
    });
  }),
});
