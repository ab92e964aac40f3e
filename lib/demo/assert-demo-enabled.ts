import "server-only";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

/** Every demo endpoint answers 404 `Demo authentication is disabled` outside demo mode. */
export function assertDemoEnabled(): void {
  if (!env().DEMO_MODE) throw new AppError("demo_disabled");
}
