import "server-only";
import { hashToken } from "@/lib/auth/tokens";
import { db } from "@/lib/db";
import { assertDemoEnabled } from "./assert-demo-enabled";

/** Ends the demo session a cookie names; nothing to do without one or for an unknown one. */
export async function endDemoSession(options: { token: string | undefined }): Promise<void> {
  assertDemoEnabled();
  if (!options.token) return;
  await db.session.deleteMany({ where: { tokenHash: hashToken(options.token), kind: "demo" } });
}
