// Test data made through the real tables. Sessions are created with the same function the sign-in
// uses, so a fixture's token authenticates exactly like a real one.
import { randomUUID } from "node:crypto";
import { createSession } from "@/lib/auth/create-session";
import { hashToken, newSecretToken } from "@/lib/auth/tokens";
import type { Persona } from "@/lib/auth/persona";
import { db } from "@/lib/db";

export type TestMember = { userId: string; email: string; token: string };
export type TestTenant = { accountId: string; slug: string; admin: TestMember };

function unique(): string {
  return randomUUID().slice(0, 8);
}

export async function createMember(
  accountId: string,
  persona: Persona,
  overrides: { email?: string; displayName?: string; status?: string } = {},
): Promise<TestMember> {
  const email = overrides.email ?? `${persona}-${unique()}@example.com`;
  const user = await db.user.upsert({
    where: { email },
    update: {},
    create: { email, displayName: overrides.displayName ?? `${persona} ${unique()}`, status: overrides.status ?? "active" },
  });
  await db.membership.create({ data: { accountId, userId: user.id, persona } });
  const session = await createSession({ userId: user.id, accountId, kind: "bearer" });
  return { userId: user.id, email, token: session.token };
}

export async function createTenant(overrides: { slug?: string; name?: string; timezone?: string } = {}): Promise<TestTenant> {
  const slug = overrides.slug ?? `studio-${unique()}`;
  const account = await db.account.create({
    data: {
      slug,
      name: overrides.name ?? `Studio ${slug}`,
      timezone: overrides.timezone ?? "Europe/Copenhagen",
      locale: "da-DK",
      // no quiet hours, so that offers keep the times tests give them (a new studio's are 22–08)
      quietHoursFrom: null,
      quietHoursTo: null,
    },
  });
  const admin = await createMember(account.id, "administrator");
  return { accountId: account.id, slug, admin };
}

/**
 * `count` attendees of the account, each with a bearer session, made in a few bulk statements (the
 * race tests need hundreds). Sessions are written as createSession writes them: the token's hash.
 */
export async function createAttendeesInBulk(accountId: string, count: number, label = "racer"): Promise<TestMember[]> {
  const batch = unique();
  const users = await db.user.createManyAndReturn({
    data: Array.from({ length: count }, (_, i) => ({ email: `${label}-${batch}-${i}@example.com`, displayName: `${label} ${i}` })),
  });
  await db.membership.createMany({ data: users.map((user) => ({ accountId, userId: user.id, persona: "attendee" })) });
  const tokens = users.map(() => newSecretToken());
  await db.session.createMany({
    data: users.map((user, i) => ({
      tokenHash: hashToken(tokens[i]!),
      userId: user.id,
      accountId,
      kind: "bearer",
      expiresAt: new Date(Date.now() + 86_400_000),
    })),
  });
  return users.map((user, i) => ({ userId: user.id, email: user.email, token: tokens[i]! }));
}
