import { listInstanceBookings } from "@/lib/bookings/list-instance-bookings";
import { endpoints, json, route } from "@/lib/http/route";
import { serializeRosterEntry } from "@/lib/schemas/booking";
import { InstanceParams } from "@/lib/schemas/instance";

export const { GET, POST, PUT, PATCH, DELETE } = endpoints("/instances/{instanceId}/roster", {
  GET: route(
    { operation: "GET /instances/{instanceId}/roster", auth: "staff", params: InstanceParams },
    async ({ auth, params }) => {
      const { bookings, withDateOfBirth } = await listInstanceBookings({
        db: auth.db,
        actor: auth,
        instanceId: params.instanceId,
        status: "confirmed",
      });
      return json(bookings.map((booking) => serializeRosterEntry(booking, { withDateOfBirth })));
    },
  ),
});
