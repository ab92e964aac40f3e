import "server-only";
import type { User } from "@prisma/client";
import { tenantDb } from "@/lib/db/tenant-db";
import { DEMO_FIXTURE } from "./demo-fixture";

/** The demo personas that have a choice of person (the administrator is one person). */
export type DemoPeoplePersona = "attendee" | "teacher";

/**
 * The seeded attendees (or teachers) of the demo tenant who can still sign in with that persona
 * there, in fixture order (the first is the persona's default). People who joined the demo tenant
 * later are not personas, nor is a fixture person whose persona an administrator changed.
 */
export async function listDemoPeople(options: { accountId: string; persona?: DemoPeoplePersona }): Promise<User[]> {
  const persona = options.persona ?? "attendee";
  const order = (persona === "teacher" ? DEMO_FIXTURE.teachers : DEMO_FIXTURE.attendees).map((person) => person.email);
  const memberships = await tenantDb(options.accountId).membership.findMany({
    where: {
      accountId: options.accountId,
      persona,
      user: { email: { in: order }, status: { not: "disabled" } },
    },
    include: { user: true },
  });
  // Prisma reads the users in a second statement: one a reset deleted in between comes back null
  // (typed as never null), and that person is no longer a persona (issue 43 §6.4).
  return memberships
    .map((membership) => membership.user as User | null)
    .filter((user): user is User => user !== null)
    .sort((a, b) => order.indexOf(a.email) - order.indexOf(b.email));
}
