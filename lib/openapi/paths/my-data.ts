import { MyDataSchema } from "@/lib/schemas/my-data";
import { authFor, jsonResponse, registry } from "../registry";

// A person's own data (issue 31 §3): download it, erase it; and an administrator's erasure.

const tags = ["Account"];
const person = authFor("member", { personOnly: true });

registry.registerPath({
  method: "get",
  path: "/me/export",
  operationId: "exportMyData",
  tags,
  summary: "Download everything the service holds about you",
  description:
    "Your identity and, for every studio you belong to, your membership, bookings, passes, orders and consents, as JSON " +
    "with `Content-Disposition: attachment` (GDPR articles 15 and 20).",
  security: person.security,
  responses: {
    200: {
      ...jsonResponse("Your data", MyDataSchema),
      headers: {
        "Content-Disposition": { description: 'attachment; filename="my-data-<YYYY-MM-DD>.json"', schema: { type: "string" as const } },
      },
    },
    ...person.responses,
  },
});
