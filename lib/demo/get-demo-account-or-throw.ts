import "server-only";
import type { Account } from "@prisma/client";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { assertDemoEnabled } from "./assert-demo-enabled";
import { DEMO_SLUG } from "./demo-fixture";

/** The canonical demo tenant; 404 `Demo authentication is disabled` when off or not seeded. */
export async function getDemoAccountOrThrow(): Promise<Account> {
  assertDemoEnabled();
  const account = await db.account.findFirst({ where: { slug: DEMO_SLUG, isDemo: true, status: "active" } });
  if (!account) throw new AppError("demo_disabled");
  return account;
}
