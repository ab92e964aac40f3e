// Memberships: a subscription product held until its next renewal, written as an entitlement marked
// imported. It does not renew by itself (no payment method came with it): its holder is told before
// it ends, as of any pass (lib/commerce/schedule-pass-notices.ts), and renews by buying.
import { addBillingPeriod, type BillingInterval } from "@/lib/commerce/entitlement-terms";
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";
import { checked, issue, type CheckContext, type KindImport, type RowIssue, type WriteContext } from "../import-kind";
import {
  alreadyImported,
  membersByEmail,
  planKey,
  productsByName,
  readMemberEmail,
  readStudioDay,
  startOfStudioDay,
  writeEntitlements,
  type EntitlementPlan,
  type ProductWithPrices,
} from "./entitlement-rows";

type Rows = { row: number; values: Record<string, string> }[];

/** "450", "450.00", "1.250,50", "kr. 450": the amount in minor units, or NaN. */
function minorUnits(text: string): number {
  const digits = text.replace(/[^\d.,]/g, "");
  const match = /^(\d{1,3}(?:[.,]?\d{3})*|\d+)(?:[.,](\d{1,2}))?$/.exec(digits);
  if (!match) return NaN;
  return Number(match[1]!.replace(/[.,]/g, "")) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

function pickPrice(product: ProductWithPrices, text: string | undefined, errors: RowIssue[]) {
  if (!text) return product.prices[0]?.id ?? null;
  const amount = minorUnits(text);
  const price = product.prices.find((candidate) => candidate.amount === amount);
  if (!price) errors.push(issue("price", "unknown_price", "None of the product's prices has this amount"));
  return price?.id ?? null;
}

async function plan(
  db: TenantDb | TenantTx,
  rows: Rows,
  context: Pick<CheckContext, "dateFormat" | "timezone" | "now">,
) {
  const members = await membersByEmail(
    db,
    rows.map(({ values }) => (values.email ?? "").trim().toLowerCase()),
  );
  const products = await productsByName(db);
  return rows.map(({ row, values }) => {
    const errors: RowIssue[] = [];
    const userId = readMemberEmail(values, members, errors);
    const product = values.product ? products.get(values.product.trim().toLowerCase()) : undefined;
    if (!values.product) errors.push(issue("product", "required", "Required"));
    else if (!product || product.type !== "subscription")
      errors.push(issue("product", "unknown_product", "No subscription product of this studio has this name"));
    const priceId = product?.type === "subscription" ? pickPrice(product, values.price, errors) : null;
    const validUntil = readStudioDay(values, "nextRenewal", context, errors);
    if (!values.nextRenewal) errors.push(issue("nextRenewal", "required", "Required"));
    const today = startOfStudioDay(context.now, context.timezone);
    if (validUntil && validUntil <= today) errors.push(issue("nextRenewal", "invalid_date", "Must be after today"));
    const price = product?.prices.find((candidate) => candidate.id === priceId);
    // the period paid in the former system: one billing period before the renewal (the expiry notice
    // tells those whose period is longer than its 7 days), never after today
    const periodStart =
      validUntil &&
      addBillingPeriod(validUntil, (price?.interval ?? "month") as BillingInterval, -(price?.intervalCount ?? 1));
    const validFrom = periodStart && periodStart < today ? periodStart : today;
    const planned: EntitlementPlan | null =
      errors.length === 0
        ? { userId: userId!, productId: product!.id, priceId, remainingClasses: null, validFrom, validUntil }
        : null;
    return { row, values, errors, plan: planned };
  });
}

export const membershipsImport: KindImport = {
  async check(rows, context) {
    const planned = await plan(context.db, rows, context);
    const existing = await alreadyImported(
      context.db,
      planned.flatMap(({ plan }) => (plan ? [plan] : [])),
    );
    return planned.map(({ row, values, errors, plan }) =>
      checked(row, values, errors, [], plan ? existing.has(planKey(plan)) : false),
    );
  },
  async write(tx, rows, context: WriteContext) {
    return writeEntitlements(tx, await plan(tx, rows, context), context.importId);
  },
};
