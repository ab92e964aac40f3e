import "server-only";
import { AppError } from "@/lib/errors";
import { DEMO_SLUG, type DemoFixture } from "./demo-fixture";
import { inDemoTransaction } from "./demo-transaction";
import { writeDemoFixture } from "./write-demo-fixture";

/**
 * Replaces the canonical demo tenant with a fresh copy of its fixture, in one transaction: the
 * account goes (its tenant data cascades), and so do its users who belong to no other account.
 * Every other tenant, sandbox or not, and every user who also belongs elsewhere stays as it is.
 */
export async function resetDemo(options: { fixture?: DemoFixture; now?: Date } = {}): Promise<{ accountId: string }> {
  return inDemoTransaction(async (tx, newAccountId) => {
    const current = await tx.account.findUnique({
      where: { slug: DEMO_SLUG },
      select: { id: true, isDemo: true, memberships: { select: { userId: true } } },
    });
    if (current && !current.isDemo) throw new AppError("demo_disabled");
    if (current) {
      await tx.account.delete({ where: { id: current.id } });
      const userIds = current.memberships.map((membership) => membership.userId);
      await tx.user.deleteMany({ where: { id: { in: userIds }, memberships: { none: {} } } });
    }
    await writeDemoFixture({ tx, accountId: newAccountId, fixture: options.fixture, now: options.now });
    return { accountId: newAccountId };
  });
}
