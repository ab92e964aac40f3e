import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";

export const SETUP_STEPS = [
  "profile",
  "location",
  "weeklyClass",
  "passOnSale",
  "payments",
  "vat",
  "terms",
  "teacher",
  "publicPage",
] as const;

export type SetupStep = (typeof SETUP_STEPS)[number];

export type SetupChecklist = {
  /** Each step, in the order the checklist shows them, done or not as the data says. */
  steps: { step: SetupStep; done: boolean }[];
  /** What the profile still lacks (empty once it is done). */
  profileMissing: ("address" | "description" | "logo")[];
  /** Every step done: the checklist folds away. */
  done: boolean;
};

/**
 * A new studio's setup checklist, worked out from its data every time (never a stored flag that
 * could drift), within the account of `db` only:
 * - profile: a description and a logo on the public profile, and an address (the receipts' address
 *   or an active location's);
 * - location: an active location;
 * - weeklyClass: an active weekly series of a published class;
 * - passOnSale: a product on sale (status active) with a current price;
 * - payments: a connected, active Stripe account, or the choice to take payment at the desk;
 * - vat: a VAT rate and a CVR number for the receipts, or the studio marked not VAT-registered;
 * - terms: a version of the studio's terms of sale is published;
 * - teacher: someone holds the teacher persona (invited or signed in);
 * - publicPage: the public page has a class still to come that anyone may book, and something on sale.
 */
export async function getSetupChecklist({
  db,
  accountId,
  now = new Date(),
}: {
  db: TenantDb;
  /** The account of `db` (Account itself is not a tenant model). */
  accountId: string;
  now?: Date;
}): Promise<SetupChecklist> {
  const [account, addressedLocation, location, weeklySeries, onSale, payments, teacher, upcoming] = await Promise.all([
    db.account.findUnique({
      where: { id: accountId },
      select: {
        description: true,
        logoUrl: true,
        legalAddress: true,
        vatNumber: true,
        vatRateBasisPoints: true,
        vatExempt: true,
      },
    }),
    db.location.findFirst({ where: { status: "active", NOT: { address: "" } }, select: { id: true } }),
    db.location.findFirst({ where: { status: "active" }, select: { id: true } }),
    db.series.findFirst({
      where: { frequency: "weekly", status: "active", event: { status: "published" } },
      select: { id: true },
    }),
    db.product.findFirst({ where: { status: "active", prices: { some: { retired: false } } }, select: { id: true } }),
    db.accountPayments.findFirst({ select: { stripeStatus: true, takesPaymentAtDesk: true } }),
    db.membership.findFirst({ where: { persona: "teacher" }, select: { userId: true } }),
    db.instance.findFirst({
      where: {
        startsAt: { gt: now },
        status: { not: "cancelled" },
        audience: "everyone",
        event: { status: "published" },
      },
      select: { id: true },
    }),
  ]);
  const terms = await db.termsVersion.findFirst({ select: { version: true } });
  const profileMissing: SetupChecklist["profileMissing"] = [];
  if (!account?.legalAddress?.trim() && !addressedLocation) profileMissing.push("address");
  if (!account?.description?.trim()) profileMissing.push("description");
  if (!account?.logoUrl) profileMissing.push("logo");
  const done: Record<SetupStep, boolean> = {
    profile: profileMissing.length === 0,
    location: location !== null,
    weeklyClass: weeklySeries !== null,
    passOnSale: onSale !== null,
    payments: payments?.stripeStatus === "active" || payments?.takesPaymentAtDesk === true,
    vat: account?.vatExempt === true || (!!account?.vatNumber?.trim() && account.vatRateBasisPoints !== null),
    terms: terms !== null,
    teacher: teacher !== null,
    publicPage: upcoming !== null && onSale !== null,
  };
  const steps = SETUP_STEPS.map((step) => ({ step, done: done[step] }));
  return { steps, profileMissing, done: steps.every((step) => step.done) };
}
