import "server-only";
import { AppError } from "@/lib/errors";
import { env } from "@/lib/env";
import { asRequestInFlight, requestsInFlight } from "@/lib/system/busy";

// Past MAX_IN_FLIGHT_REQUESTS a request is refused at once with 503 and Retry-After instead of
// queueing behind the database pool until the client times out.
export async function withLoadShedding<T>(work: () => Promise<T>): Promise<T> {
  if (requestsInFlight() >= env().MAX_IN_FLIGHT_REQUESTS) throw new AppError("service_unavailable", { retryAfter: 1 });
  return asRequestInFlight(work);
}
