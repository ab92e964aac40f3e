import "server-only";
import type { User } from "@prisma/client";
import { tenantDb } from "@/lib/db/tenant-db";
import { DEMO_FIXTURE } from "./demo-fixture";

/**
 * The seeded attendees of the demo tenant who can still sign in as attendees there, in fixture
 * order (the first is the default attendee persona). People who joined the demo tenant later are
 * not personas.
 */
export async function listDemoAttendees(options: { accountId: string }): Promise<User[]> {
  const order = DEMO_FIXTURE.attendees.map((person) => person.email);
  const memberships = await tenantDb(options.accountId).membership.findMany({
    where: {
      accountId: options.accountId,
      persona: "attendee",
      user: { email: { in: order }, status: { not: "disabled" } },
    },
    include: { user: true },
  });
  return memberships
    .map((membership) => membership.user)
    .sort((a, b) => order.indexOf(a.email) - order.indexOf(b.email));
}
