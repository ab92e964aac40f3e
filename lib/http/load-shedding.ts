import "server-only";
import { AppError } from "@/lib/errors";
import { env } from "@/lib/env";

// Requests in flight in this process. Past the limit a request is refused at once with 503 and
// Retry-After instead of queueing behind the database pool until the client times out.
const holder = globalThis as typeof globalThis & { __studioInFlight?: number };

export async function withLoadShedding<T>(work: () => Promise<T>): Promise<T> {
  const inFlight = holder.__studioInFlight ?? 0;
  if (inFlight >= env().MAX_IN_FLIGHT_REQUESTS) throw new AppError("service_unavailable", { retryAfter: 1 });
  holder.__studioInFlight = inFlight + 1;
  try {
    return await work();
  } finally {
    holder.__studioInFlight = (holder.__studioInFlight ?? 1) - 1;
  }
}
