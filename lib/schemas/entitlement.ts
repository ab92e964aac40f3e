import type { Entitlement } from "@prisma/client";
import { Id, IsoDate, text, toIsoDate } from "./common";
import { z } from "./zod";
import { ruleIssue } from "@/lib/error-details";

export const EntitlementStatusSchema = z
  .enum(["active", "exhausted", "expired", "revoked"])
  .openapi("EntitlementStatus", {
    description:
      "An `active` entitlement whose `validUntil` has passed is shown as `expired`, one with no classes left as `exhausted`.",
  });

export const EntitlementSchema = z
  .object({
    id: Id,
    accountId: Id,
    userId: Id,
    productId: Id,
    remainingClasses: z.number().int().nullable().openapi({ example: 10, description: "null = unlimited" }),
    validFrom: z.iso.datetime(),
    validUntil: z.iso.datetime().nullable().openapi({ description: "null = no end" }),
    status: EntitlementStatusSchema,
    createdAt: z.iso.datetime(),
    cancelAt: z.iso.datetime().nullable().openapi({
      description:
        "A cancelled subscription: the end of its paid period. It stays usable until then and is not renewed. null = not cancelled",
    }),
    pausedFrom: z.iso.date().nullable().openapi({
      example: "2026-07-01",
      description:
        "First day of a pause (the studio's date): classes starting on a paused day are not covered. null = no pause",
    }),
    pausedUntil: z.iso.date().nullable().openapi({
      example: "2026-08-01",
      description: "The day a pause ends (exclusive: classes from this date on are covered again). null = no pause",
    }),
  })
  .openapi("Entitlement");

export const GrantEntitlementInput = z
  .strictObject({
    productId: Id.openapi({ description: "A product of this account (any status)" }),
    priceId: Id.optional().openapi({
      description:
        "A current price of that product (another product's, a retired or an unknown price: 404, as on POST /checkout); the person's " +
        "age must fit it as at checkout (409 `Not eligible for this price`). Default: the product's first current price, without the age rule",
    }),
    note: text().trim().max(500).optional().openapi({
      example: "Paid in cash at the desk",
      description: "Kept with the entitlement for the studio's records",
    }),
  })
  .openapi("GrantEntitlementInput");

export const GrantEntitlementParams = z.object({ userId: Id });

export const EntitlementIdParams = z.object({ entitlementId: Id });

/** The longest pause, in days. */
export const MAX_PAUSE_DAYS = 366;

export const PauseEntitlementInput = z
  .strictObject({
    from: IsoDate.openapi({ example: "2026-07-01", description: "First paused day (the studio's date)" }),
    until: IsoDate.openapi({
      example: "2026-08-01",
      description: "The day the pause ends (exclusive): after `from`, at most 366 days later",
    }),
  })
  .refine((pause) => pause.until > pause.from, { path: ["until"], ...ruleIssue("pause_end_not_after_start") })
  .refine((pause) => Date.parse(pause.until) - Date.parse(pause.from) <= MAX_PAUSE_DAYS * 86_400_000, {
    path: ["until"],
    ...ruleIssue("pause_too_long", { maximum: MAX_PAUSE_DAYS }),
  })
  .openapi("PauseEntitlementInput");

export const ResumeEntitlementInput = z
  .strictObject({
    on: IsoDate.optional().openapi({
      example: "2026-07-15",
      description: "The day classes are covered again (the studio's date). Default: today",
    }),
  })
  .optional()
  .openapi("ResumeEntitlementInput");

export const RenewSubscriptionsResultSchema = z
  .object({
    renewed: z.number().int().openapi({ example: 3, description: "Subscriptions renewed by this run" }),
    instalments: z.number().int().openapi({
      example: 1,
      description: "Instalments of prices paid in instalments taken by this run (paid orders linked to their first)",
    }),
  })
  .openapi("RenewSubscriptionsResult");

export type EntitlementDto = z.infer<typeof EntitlementSchema>;
export type GrantEntitlementInput = z.infer<typeof GrantEntitlementInput>;
export type PauseEntitlementInput = z.infer<typeof PauseEntitlementInput>;
export type ResumeEntitlementInput = z.infer<typeof ResumeEntitlementInput>;

export function serializeEntitlement(entitlement: Entitlement, now = new Date()): EntitlementDto {
  let status = entitlement.status;
  if (status === "active" && entitlement.remainingClasses !== null && entitlement.remainingClasses <= 0)
    status = "exhausted";
  else if (status === "active" && entitlement.validUntil !== null && entitlement.validUntil <= now) status = "expired";
  return {
    id: entitlement.id,
    accountId: entitlement.accountId,
    userId: entitlement.userId,
    productId: entitlement.productId,
    remainingClasses: entitlement.remainingClasses,
    validFrom: entitlement.validFrom.toISOString(),
    validUntil: entitlement.validUntil?.toISOString() ?? null,
    status: status as EntitlementDto["status"],
    createdAt: entitlement.createdAt.toISOString(),
    cancelAt: entitlement.cancelAt?.toISOString() ?? null,
    pausedFrom: toIsoDate(entitlement.pausedFrom),
    pausedUntil: toIsoDate(entitlement.pausedUntil),
  };
}
