// An integrator's script against the typed client that CI generates from /api/openapi.json
// (`npm run openapi:check`): if the document drifts from what this uses, CI fails to compile it.
// It finds the first class of the coming week with a free place and books it for a member.
import createClient from "openapi-fetch";
import type { components, paths } from "../../.openapi/schema";

type Instance = components["schemas"]["Instance"];
type Booking = components["schemas"]["Booking"];

export function studioClient(baseUrl: string, secret: string) {
  return createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${secret}` } });
}

export async function bookFirstFreePlace(
  client: ReturnType<typeof studioClient>,
  attendeeId: string,
  now: Date,
): Promise<Booking | null> {
  const weekLater = new Date(now.getTime() + 7 * 86_400_000);
  const { data: instances, error } = await client.GET("/instances", {
    params: { query: { from: now.toISOString(), to: weekLater.toISOString() } },
  });
  if (error) throw new Error(error.error);
  const free = instances.find((instance: Instance) => instance.status !== "cancelled" && instance.bookedCount < instance.capacity);
  if (!free) return null;
  const { data: booking, error: refused } = await client.POST("/bookings", {
    params: { header: { "Idempotency-Key": `book-${free.id}-${attendeeId}` } },
    body: { instanceId: free.id, attendeeId },
  });
  if (refused) throw new Error(refused.error);
  return booking;
}
