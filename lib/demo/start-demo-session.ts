import "server-only";
import { createSession } from "@/lib/auth/create-session";
import { hashToken } from "@/lib/auth/tokens";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { DEMO_FIXTURE } from "./demo-fixture";
import { getDemoAccountOrThrow } from "./get-demo-account-or-throw";
import { listDemoPeople } from "./list-demo-people";

export type DemoPersona = "administrator" | "teacher" | "attendee";

async function administratorId(accountId: string): Promise<string | undefined> {
  const membership = await tenantDb(accountId).membership.findFirst({
    where: {
      accountId,
      persona: "administrator",
      user: { email: DEMO_FIXTURE.administrator.email, status: { not: "disabled" } },
    },
    select: { userId: true },
  });
  return membership?.userId;
}

async function personaUserId(
  accountId: string,
  persona: string,
  userId: string | undefined,
): Promise<string | undefined> {
  if (persona === "administrator") {
    const id = await administratorId(accountId);
    return userId === undefined || userId === id ? id : undefined;
  }
  if (persona === "attendee" || persona === "teacher") {
    const people = await listDemoPeople({ accountId, persona });
    return userId === undefined ? people[0]?.id : people.find((user) => user.id === userId)?.id;
  }
  return undefined;
}

/**
 * Signs in as a seeded persona of the demo tenant: a one-day "demo" session. An unknown persona or
 * a userId that is not one of the personas answers 404 `Demo authentication is disabled`. The
 * demo session the caller held before, if any, ends.
 */
export async function startDemoSession(options: { persona: string; userId?: string; previousToken?: string }) {
  const account = await getDemoAccountOrThrow();
  const userId = await personaUserId(account.id, options.persona, options.userId);
  if (!userId) throw new AppError("demo_disabled");
  if (options.previousToken) {
    await db.session.deleteMany({ where: { tokenHash: hashToken(options.previousToken), kind: "demo" } });
  }
  const session = await createSession({ userId, accountId: account.id, kind: "demo" });
  return { persona: options.persona as DemoPersona, userId, token: session.token, expiresAt: session.expiresAt };
}
