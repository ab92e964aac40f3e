// What passes and memberships share: the person by email (a member of this studio), the product by
// name, dates of the studio's days, and the entitlement written as imported (no order, no payment).
import type { Price, Product } from "@prisma/client";
import type { TenantDb, TenantTx } from "@/lib/db/tenant-db";
import { Email } from "@/lib/schemas/common";
import { startOfLocalDay, studioDay } from "@/lib/studio-time/day";
import { parseImportDate, parseIsoMoment, type DateFormat } from "../import-dates";
import { issue, type RowIssue } from "../import-kind";

export type ProductWithPrices = Product & { prices: Price[] };

/** The studio's members among these emails: email → user id. */
export async function membersByEmail(db: TenantDb | TenantTx, emails: string[]): Promise<Map<string, string>> {
  const members = await db.membership.findMany({
    where: { email: { in: emails } },
    select: { email: true, userId: true },
  });
  return new Map(members.map((member) => [member.email, member.userId]));
}

/** The studio's products by lower-cased name (the first of equal names). */
export async function productsByName(db: TenantDb | TenantTx): Promise<Map<string, ProductWithPrices>> {
  const products = await db.product.findMany({
    include: { prices: { where: { retired: false }, orderBy: { position: "asc" } } },
    orderBy: { createdAt: "asc" },
  });
  const byName = new Map<string, ProductWithPrices>();
  for (const product of products)
    if (!byName.has(product.name.toLowerCase())) byName.set(product.name.toLowerCase(), product);
  return byName;
}

/** The email of a row, or its error; the person must be a member here. */
export function readMemberEmail(values: Record<string, string>, members: Map<string, string>, errors: RowIssue[]) {
  if (!values.email) {
    errors.push(issue("email", "required", "Required"));
    return null;
  }
  const email = Email.safeParse(values.email);
  if (!email.success) {
    errors.push(issue("email", "invalid_email", "Not an email address"));
    return null;
  }
  const userId = members.get(email.data);
  if (!userId)
    errors.push(issue("email", "unknown_person", "No member of this studio has this email: import the people first"));
  return userId ?? null;
}

/** A date field as the start of that day in the studio's zone; null when empty; an error when unreadable. */
export function readStudioDay(
  values: Record<string, string>,
  field: string,
  context: { dateFormat: DateFormat; timezone: string },
  errors: RowIssue[],
): Date | null {
  const value = values[field];
  if (!value) return null;
  const date = parseImportDate(value, context.dateFormat);
  if (!date) {
    errors.push(issue(field, "invalid_date", `Not a date in the format ${context.dateFormat}`));
    return null;
  }
  return startOfLocalDay(date, context.timezone);
}

/**
 * When a pass starts (`start`) or stops being valid (`end`): a day of the file is the studio's day, valid
 * from its start or through its end; an ISO 8601 moment (our own passes.csv) is that moment exactly.
 */
export function readValidity(
  values: Record<string, string>,
  field: string,
  edge: "start" | "end",
  context: { dateFormat: DateFormat; timezone: string },
  errors: RowIssue[],
): Date | null {
  const moment = values[field] ? parseIsoMoment(values[field]) : null;
  if (moment) return moment;
  const day = readStudioDay(values, field, context, errors);
  return day && edge === "end" ? nextStudioDay(day, context.timezone) : day;
}

export const nextStudioDay = (day: Date, timezone: string) => studioDay(day, timezone).end;

export const startOfStudioDay = (now: Date, timezone: string) => studioDay(now, timezone).start;

export type EntitlementPlan = {
  userId: string;
  productId: string;
  priceId: string | null;
  remainingClasses: number | null;
  validFrom: Date;
  validUntil: Date | null;
};

/** Whether the person already holds this imported entitlement (the same file again): the row is unchanged. */
export async function alreadyImported(db: TenantDb | TenantTx, plans: EntitlementPlan[]): Promise<Set<string>> {
  if (plans.length === 0) return new Set();
  const existing = await db.entitlement.findMany({
    where: { importId: { not: null }, userId: { in: plans.map((plan) => plan.userId) } },
    select: { userId: true, productId: true, validUntil: true, remainingClasses: true },
  });
  return new Set(existing.map(planKey));
}

export function planKey(
  plan: Pick<EntitlementPlan, "userId" | "productId" | "validUntil" | "remainingClasses">,
): string {
  return [plan.userId, plan.productId, plan.validUntil?.toISOString() ?? "", plan.remainingClasses ?? ""].join("|");
}

/** Writes the planned entitlements not already imported; outcome per row. */
export async function writeEntitlements(
  tx: TenantTx,
  rows: { row: number; plan: EntitlementPlan | null }[],
  importId: string,
): Promise<{ row: number; outcome: "created" | "unchanged" | "skipped"; userId: string | null }[]> {
  const plans = rows.flatMap(({ plan }) => (plan ? [plan] : []));
  const existing = await alreadyImported(tx, plans);
  const fresh = rows.filter(({ plan }) => plan && !existing.has(planKey(plan)));
  if (fresh.length > 0)
    await tx.entitlement.createMany({
      data: fresh.map(({ plan }) => ({
        ...plan!,
        accountId: "", // the tenant scope writes it
        importId,
        status: plan!.remainingClasses === 0 ? "exhausted" : "active",
      })),
    });
  return rows.map(({ row, plan }) => ({
    row,
    userId: plan?.userId ?? null,
    outcome: !plan ? "skipped" : existing.has(planKey(plan)) ? "unchanged" : "created",
  }));
}
