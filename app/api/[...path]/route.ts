import { AppError } from "@/lib/errors";
import { route } from "@/lib/http/route";

// Every path under /api that no other route serves: JSON 404, never an HTML page.
const notFound = route({ operation: "unknown path", auth: "none" }, async () => {
  throw new AppError("not_found");
});

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
