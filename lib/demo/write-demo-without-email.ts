import "server-only";
import { placePaidOrders } from "@/lib/orders/create-order";
import type { TenantTx } from "@/lib/db/tenant-db";
import { noEmailAddress } from "@/lib/users/stand-in-addresses";
import type { DemoFixture } from "./demo-fixture";
import { productOf, userIdOf, type Written } from "./demo-written";

const DAY_MS = 24 * 60 * 60_000;

/** Walk-ins who gave no email (as the door adds them, lib/bookings/book-walk-in.ts): an attendee each. */
export async function writeDemoWalkIns(tx: TenantTx, fixture: DemoFixture, written: Written): Promise<void> {
  for (const walkIn of fixture.walkIns) {
    const user = await tx.user.create({
      data: { email: noEmailAddress(), displayName: walkIn.displayName, status: "active" },
    });
    await tx.membership.create({ data: { accountId: written.accountId, userId: user.id, persona: "attendee" } });
    written.userIds.set(walkIn.key, user.id);
  }
}

/**
 * Orders held by people without an email, paid some days before the fixture is written (so the
 * grants written at `now` stay the fixture's own): a walk-in's drop-in at the desk, and a pass a
 * guardian bought online for their child (POST /checkout `forUserId`: the child holds the order).
 */
export async function writeDemoOrdersWithoutEmail(tx: TenantTx, fixture: DemoFixture, written: Written) {
  for (const order of fixture.ordersWithoutEmail) {
    const { product, prices } = productOf(written, order.productKey);
    const price = prices[order.priceIndex];
    if (!price) throw new Error(`demo fixture names an unknown price: ${order.productKey}`);
    const paidAt = new Date(written.now.getTime() - order.daysAgo * DAY_MS);
    await placePaidOrders(tx, [
      {
        userId: userIdOf(written, order.personKey),
        product,
        price,
        provider: order.provider,
        paidAt,
        createdAt: paidAt,
      },
    ]);
  }
}
