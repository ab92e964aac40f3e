import "server-only";
import { env } from "@/lib/env";
import type { ConfigDto } from "@/lib/schemas/demo";

/** What a client may know about this deployment before signing in. */
export function getConfig(): ConfigDto {
  return { demoEnabled: env().DEMO_MODE };
}
