import { db } from "@/lib/db";

/** The studio's products a passes or memberships import names: a 10-class pass and a monthly membership with two prices. */
export async function createImportProducts(accountId: string) {
  const pass = await db.product.create({
    data: {
      accountId,
      type: "class_pass",
      name: "10-klippekort",
      classAllowance: 10,
      status: "active",
      prices: { create: { accountId, amount: 120000, currency: "DKK" } },
    },
  });
  const monthly = await db.product.create({
    data: {
      accountId,
      type: "subscription",
      name: "Månedskort",
      status: "active",
      prices: {
        create: [
          { accountId, amount: 59900, currency: "DKK", interval: "month", position: 0 },
          { accountId, amount: 39900, currency: "DKK", interval: "month", position: 1 },
        ],
      },
    },
    include: { prices: true },
  });
  return { pass, monthly };
}
