import { listInstanceBookings } from "@/lib/bookings/list-instance-bookings";
import { endpoints, json, route } from "@/lib/http/route";
import { serializeRosterEntry } from "@/lib/schemas/booking";
import { InstanceParams } from "@/lib/schemas/instance";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/instances/{instanceId}/waitlist", {
  GET: route(
    { operation: "GET /instances/{instanceId}/waitlist", auth: "admin", params: InstanceParams },
    async ({ auth, params }) =>
      json(
        (await listInstanceBookings({ db: auth.db, instanceId: params.instanceId, status: "waitlisted" })).map(
          serializeRosterEntry,
        ),
      ),
  ),
});
