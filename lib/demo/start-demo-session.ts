import "server-only";
import { createSession } from "@/lib/auth/create-session";
import { hashToken } from "@/lib/auth/tokens";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { isForeignKeyViolation } from "@/lib/db/errors";
import { isRetryableConflict, RETRY_AFTER_SECONDS } from "@/lib/db/with-retry";
import { DEMO_FIXTURE, DEMO_SLUG } from "./demo-fixture";
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
 * demo session the caller held before, if any, ends. During a reset it signs in to the new tenant;
 * past SIGN_IN_ATTEMPTS resets in a row, 503 with Retry-After.
 */
export async function startDemoSession(options: { persona: string; userId?: string; previousToken?: string }) {
  for (let attempt = 1; ; attempt++) {
    const started = await startInDemoAccount(options);
    if (started !== "reset") return started;
    if (attempt >= SIGN_IN_ATTEMPTS) throw new AppError("service_unavailable", { retryAfter: RETRY_AFTER_SECONDS });
  }
}

/**
 * A reset (reset-demo.ts) replaces the demo tenant in one transaction, which may commit while a
 * sign-in runs: its reads found the old tenant, and its session then refers to deleted rows (a
 * foreign key violation, or a deadlock with the reset's deletes) or its persona is no longer found.
 * Each is `reset`: the sign-in starts again, in the new tenant (issue 43 §6.4).
 */
const SIGN_IN_ATTEMPTS = 3;

async function startInDemoAccount(options: { persona: string; userId?: string; previousToken?: string }) {
  const account = await getDemoAccountOrThrow();
  const userId = await personaUserId(account.id, options.persona, options.userId);
  if (!userId) {
    if (await wasReplaced(account.id)) return "reset";
    throw new AppError("demo_disabled");
  }
  if (options.previousToken) {
    await db.session.deleteMany({ where: { tokenHash: hashToken(options.previousToken), kind: "demo" } });
  }
  try {
    const session = await createSession({ userId, accountId: account.id, kind: "demo" });
    return { persona: options.persona as DemoPersona, userId, token: session.token, expiresAt: session.expiresAt };
  } catch (error) {
    // A deadlock with the reset's deletes (the session's foreign key checks lock the rows it deletes) too.
    if (isForeignKeyViolation(error) || isRetryableConflict(error)) return "reset";
    throw error;
  }
}

/** Whether the demo tenant read as `accountId` has been replaced by a reset since. */
async function wasReplaced(accountId: string): Promise<boolean> {
  const current = await db.account.findFirst({ where: { slug: DEMO_SLUG, isDemo: true }, select: { id: true } });
  return current !== null && current.id !== accountId;
}
