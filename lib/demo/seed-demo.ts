import "server-only";
import { log } from "@/lib/log";
import { DEMO_SLUG, type DemoFixture } from "./demo-fixture";
import { inDemoTransaction } from "./demo-transaction";
import { writeDemoFixture } from "./write-demo-fixture";

/**
 * Creates the canonical demo tenant unless it exists. Safe to run from several processes at once:
 * the demo lock serializes them and the later ones find the tenant in place.
 */
export async function seedDemo(
  options: { fixture?: DemoFixture; now?: Date } = {},
): Promise<{ seeded: boolean; accountId: string }> {
  return inDemoTransaction(async (tx, newAccountId) => {
    const existing = await tx.account.findUnique({ where: { slug: DEMO_SLUG }, select: { id: true, isDemo: true } });
    if (existing) {
      if (!existing.isDemo) log.warn("demo slug is held by a non-demo account; demo tenant not seeded");
      return { seeded: false, accountId: existing.id };
    }
    await writeDemoFixture({ tx, accountId: newAccountId, fixture: options.fixture, now: options.now });
    return { seeded: true, accountId: newAccountId };
  });
}
