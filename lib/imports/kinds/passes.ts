// Passes: a member's remaining classes and validity on a product of this studio, written as an
// entitlement marked imported (no order, no payment).
import { checked, issue, type CheckContext, type KindImport, type RowIssue, type WriteContext } from "../import-kind";
import {
  alreadyImported,
  membersByEmail,
  planKey,
  productsByName,
  readMemberEmail,
  readValidity,
  startOfStudioDay,
  writeEntitlements,
  type EntitlementPlan,
} from "./entitlement-rows";
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";

type Rows = { row: number; values: Record<string, string> }[];

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
    else if (!product) errors.push(issue("product", "unknown_product", "No product of this studio has this name"));
    const remaining = values.remainingClasses ?? "";
    const remainingClasses = remaining === "" ? null : /^\d{1,6}$/.test(remaining) ? Number(remaining) : NaN;
    if (Number.isNaN(remainingClasses))
      errors.push(issue("remainingClasses", "invalid_number", "A whole number of classes, or empty for unlimited"));
    const validUntil = readValidity(values, "validUntil", "end", context, errors);
    const validFrom =
      readValidity(values, "validFrom", "start", context, errors) ?? startOfStudioDay(context.now, context.timezone);
    if (validUntil && validUntil <= context.now) errors.push(issue("validUntil", "expired", "The pass has ended"));
    else if (validUntil && validUntil <= validFrom)
      errors.push(issue("validUntil", "invalid_date", "Must not be before validFrom"));
    const planned: EntitlementPlan | null =
      errors.length === 0
        ? { userId: userId!, productId: product!.id, priceId: null, remainingClasses, validFrom, validUntil }
        : null;
    return { row, values, errors, plan: planned };
  });
}

export const passesImport: KindImport = {
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
