import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";

/**
 * Records whether the studio takes payment in person at the desk (where an administrator records
 * the sale on the person's page as a `desk` order). It does not turn off online checkout.
 */
export async function setDeskPayment({
  db,
  accountId,
  takesPaymentAtDesk,
}: {
  db: TenantDb;
  accountId: string;
  takesPaymentAtDesk: boolean;
}): Promise<void> {
  await db.accountPayments.upsert({
    where: { accountId },
    create: { accountId, takesPaymentAtDesk },
    update: { takesPaymentAtDesk },
  });
}

/** Whether the studio has said it takes payment at the desk. */
export async function takesPaymentAtDesk({ db }: { db: TenantDb }): Promise<boolean> {
  const row = await db.accountPayments.findFirst({ select: { takesPaymentAtDesk: true } });
  return row?.takesPaymentAtDesk ?? false;
}
