import type { Price, Product } from "@prisma/client";
import type { ErrorDetail } from "@/lib/errors";
import { Id, IsoDateTime, text } from "./common";
import { z } from "./zod";
import { ruleDetail, ruleIssue } from "@/lib/error-details";
import { productWithdrawal } from "@/lib/withdrawals/withdrawal-right";

export const PRODUCT_TYPES = [
  "drop_in",
  "class_pass",
  "subscription",
  "workshop",
  "teacher_training",
  "custom",
  "gift_card",
] as const;
/** The kinds that can be a course (`courseEventId`): buying one enrols the buyer in the event's classes. */
export const COURSE_PRODUCT_TYPES = ["workshop", "teacher_training", "custom"] as const;
/** The kinds that pay for classes, which a class's booking options offer. */
export const PUBLIC_PRODUCT_TYPES = ["drop_in", "class_pass", "subscription"] as const;
/** The kinds the public product list offers (decisions §5): those and gift cards; course products too when they have a course. */
export const LISTED_PRODUCT_TYPES = [...PUBLIC_PRODUCT_TYPES, "gift_card"] as const;
export const GIFT_CARD_DESIGNS = ["logo", "colour"] as const;
/** A gift card is valid 3 years unless a shorter period is stated (forbrug.dk), and not unreasonably short. */
export const GIFT_CARD_VALIDITY_MONTHS = { min: 12, max: 36, default: 36 } as const;

export const ProductTypeSchema = z.enum(PRODUCT_TYPES).openapi("ProductType", {
  description:
    "`drop_in` gives one class, `class_pass` gives `classAllowance` classes, `subscription` is unlimited for each paid billing period; " +
    "`workshop`, `teacher_training` and `custom` may be a course (`courseEventId`); `gift_card` sells a gift card of the price's amount " +
    "(or an amount the buyer chooses within `customAmount`), valid `validityMonths`, spent on anything the studio sells",
});
export const ProductStatusSchema = z.enum(["draft", "active", "archived"]).openapi("ProductStatus", {
  description:
    "Moves freely among the three values. Only `active` products can be bought and appear on the public list.",
});
export const BillingIntervalSchema = z.enum(["week", "month", "year"]).openapi("BillingInterval");

export const PriceSchema = z
  .object({
    id: Id.openapi({ description: "Assigned by the service" }),
    amount: z.number().int().openapi({ example: 12000, description: "Minor units (øre for DKK)" }),
    currency: z.string().openapi({ example: "DKK" }),
    interval: BillingIntervalSchema.nullable().openapi({
      description: "Billing cadence of a subscription price; null for one-off prices",
    }),
    intervalCount: z
      .number()
      .int()
      .nullable()
      .openapi({ example: 1, description: "Billing periods per charge (null = 1)" }),
    instalments: z.number().int().nullable().openapi({
      example: 3,
      description:
        "A course product's price paid monthly in this many instalments (2–12): the first at purchase, one each month after; null = paid at once",
    }),
    minAge: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Youngest buyer's age in years on the purchase day, inclusive" }),
    maxAge: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Oldest buyer's age in years on the purchase day, inclusive" }),
  })
  .openapi("Price");

export const ProductSchema = z
  .object({
    id: Id,
    accountId: Id,
    type: ProductTypeSchema,
    name: z.string().openapi({ example: "10-class pass" }),
    description: z.string(),
    prices: z.array(PriceSchema).openapi({ description: "The current price list (retired prices are not shown)" }),
    classAllowance: z.number().int().nullable().openapi({ example: 10 }),
    validityDays: z.number().int().nullable().openapi({ example: 90 }),
    purchaseLimitPerUser: z.number().int().nullable().openapi({ description: "null = no limit" }),
    eligibleEventIds: z.array(Id).openapi({ description: "Events the product can be used for; empty = every event" }),
    courseEventId: Id.nullable().openapi({
      description:
        "The event whose classes make the course: buying the product enrols the buyer in every class of it not yet started",
    }),
    enrolUntil: z.iso.datetime().nullable().openapi({
      description: "Enrolment stays open until then; null = until the course's first class starts",
    }),
    newcomersOnly: z.boolean().openapi({
      description:
        "An intro offer: only a person with no earlier paid order and no attended class at this studio may buy it (409 `Only for new customers`)",
    }),
    vatRate: z.union([z.literal(25), z.literal(0)]).openapi({
      description:
        "`25`: sold with the studio's VAT rate from its legal settings (`legal.vatRate`, 25 % in Denmark; no VAT while the studio has none); `0`: VAT-exempt teaching (momsfritaget undervisning), its orders carry VAT 0",
    }),
    status: ProductStatusSchema,
    withdrawal: z
      .object({ days: z.number().int().openapi({ example: 14 }) })
      .nullable()
      .openapi("ProductWithdrawal", {
        description:
          "The buyer's right to withdraw from an online purchase (forbrugeraftaleloven §18), worked out from the product, never chosen: `{ days: 14 }` for an undated class pass, an unlimited pass or a membership; null for a drop-in, a workshop, a teacher training or a course, whose classes have fixed dates (§18 stk. 2 nr. 12)",
      }),
    validityMonths: z.number().int().nullable().openapi({
      example: 36,
      description:
        "A `gift_card` product: its cards are valid this many months from issue (12–36; 36 unless the studio chose shorter, which its pages state in words); null for other products",
    }),
    customAmount: z
      .object({
        min: z.number().int().openapi({ example: 10000, description: "Minor units" }),
        max: z.number().int().openapi({ example: 500000, description: "Minor units" }),
      })
      .nullable()
      .openapi("GiftCardCustomAmount", {
        description:
          "A `gift_card` product: the buyer may choose an amount within these bounds (POST /checkout `amount`) besides the fixed prices; null: fixed prices only",
      }),
    giftCardDesign: z.enum(GIFT_CARD_DESIGNS).nullable().openapi({
      description:
        "A `gift_card` product's look: `logo`, the studio's logo on its accent colour, or `colour`, the colour alone; null for other products",
    }),
  })
  .openapi("Product");

export const CourseSummarySchema = z
  .object({
    eventId: Id,
    classes: z.number().int().openapi({ description: "The course's classes (cancelled ones left out)" }),
    firstStartsAt: z.iso.datetime().nullable(),
    lastStartsAt: z.iso.datetime().nullable(),
    seatsLeft: z.number().int().openapi({
      description: "The fewest free places among the course's classes not yet started: how many more can enrol",
    }),
  })
  .openapi("CourseSummary");

export const PublicProductSchema = ProductSchema.extend({
  course: CourseSummarySchema.nullable().openapi({
    description: "The course a purchase enrols in; null for other products",
  }),
}).openapi("PublicProduct");

/** Stripe's own ceiling for one billing period is three years. */
const MAX_INTERVAL_COUNT = { week: 52, month: 36, year: 3 } as const;

const PriceFields = {
  amount: z.number().int().min(0).max(100_000_000).openapi({ example: 12000, description: "Integer minor units, ≥ 0" }),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, "Three upper-case letters (ISO 4217)")
    .openapi({ example: "DKK" }),
  interval: BillingIntervalSchema.openapi({ description: "Required for `subscription` prices, not allowed on others" }),
  intervalCount: z
    .number()
    .int()
    .min(1)
    .max(52)
    .openapi({ example: 1, description: "Default 1; one period at most three years" }),
  instalments: z.number().int().min(2).max(12).openapi({
    example: 3,
    description:
      "Course products only (`courseEventId`): paid monthly in this many instalments, `amount / instalments` each (the remainder in minor units on the last)",
  }),
  minAge: z.number().int().min(0).max(150).openapi({ example: 65 }),
  maxAge: z.number().int().min(0).max(150).openapi({ example: 25 }),
};

type PriceShape = {
  interval?: string | null;
  intervalCount?: number | null;
  instalments?: number | null;
  minAge?: number | null;
  maxAge?: number | null;
};

function checkPrice(price: PriceShape, ctx: z.RefinementCtx): void {
  if (price.minAge != null && price.maxAge != null && price.minAge > price.maxAge) {
    ctx.addIssue({ code: "custom", path: ["maxAge"], ...ruleIssue("max_age_below_min_age") });
  }
  if (price.intervalCount != null && price.interval == null) {
    ctx.addIssue({ code: "custom", path: ["intervalCount"], ...ruleIssue("interval_count_without_interval") });
  }
  if (price.interval && price.intervalCount != null) {
    if (price.intervalCount > MAX_INTERVAL_COUNT[price.interval as keyof typeof MAX_INTERVAL_COUNT]) {
      ctx.addIssue({ code: "custom", path: ["intervalCount"], ...ruleIssue("billing_period_too_long") });
    }
  }
}

const priceShape = {
  amount: PriceFields.amount,
  currency: PriceFields.currency,
  interval: PriceFields.interval.optional(),
  intervalCount: PriceFields.intervalCount.optional(),
  instalments: PriceFields.instalments.nullable().optional(),
  minAge: PriceFields.minAge.optional(),
  maxAge: PriceFields.maxAge.optional(),
};

export const PriceInput = z.strictObject(priceShape).superRefine(checkPrice).openapi("PriceInput");

export const PriceUpdateInput = z
  .strictObject({
    id: Id.optional().openapi({
      description:
        "An id of a current price of this product: that price keeps its id and takes the new fields. Without `id` a new price is created.",
    }),
    ...priceShape,
  })
  .superRefine(checkPrice)
  .openapi("PriceUpdateInput");

const ProductFields = {
  name: text().trim().min(1).max(200).openapi({ example: "10-class pass" }),
  description: text().trim().max(5000),
  classAllowance: z
    .number()
    .int()
    .min(1)
    .max(10_000)
    .nullable()
    .openapi({ example: 10, description: "Required (≥ 1) for `class_pass`" }),
  validityDays: z.number().int().min(1).max(3650).nullable().openapi({
    example: 90,
    description: "Entitlements are valid this many days from purchase (not used by subscriptions)",
  }),
  purchaseLimitPerUser: z
    .number()
    .int()
    .min(1)
    .max(10_000)
    .nullable()
    .openapi({ description: "How many times one person may buy it (paid orders and desk grants); null = no limit" }),
  eligibleEventIds: z
    .array(Id)
    .max(500)
    .openapi({ description: "Ids of this account's events (another id answers 400); empty = every event" }),
  courseEventId: Id.nullable().openapi({
    description:
      "For `workshop`, `teacher_training` and `custom`: an event of this account whose classes make the course (buying enrols in every class not yet started); null = no course",
  }),
  enrolUntil: IsoDateTime.nullable().openapi({
    description:
      "Enrolment closes then (later buyers book the classes still ahead); null = when the first class starts",
  }),
  newcomersOnly: z.boolean().openapi({
    example: false,
    description:
      "An intro offer: only a person with no earlier paid order (refunded ones included) and no attended class at this studio may buy it; " +
      "the studio's passes page shows it first to them and hides it from everyone else",
  }),
  vatRate: z.union([z.literal(25), z.literal(0)]).openapi({
    example: 0,
    description:
      "`0`: VAT-exempt teaching (momsfritaget undervisning), sold without VAT; `25`: the studio's VAT rate from its legal settings applies. The order freezes it when paid.",
  }),
  validityMonths: z
    .number()
    .int()
    .min(GIFT_CARD_VALIDITY_MONTHS.min)
    .max(GIFT_CARD_VALIDITY_MONTHS.max)
    .nullable()
    .openapi({ example: 36, description: "`gift_card` only: months its cards are valid (12–36); default 36" }),
  customAmount: z
    .strictObject({
      min: z.number().int().min(1).max(100_000_000),
      max: z.number().int().min(1).max(100_000_000),
    })
    .nullable()
    .openapi({
      description: "`gift_card` only: the bounds (minor units) of an amount the buyer chooses; null: fixed prices only",
    }),
  giftCardDesign: z
    .enum(GIFT_CARD_DESIGNS)
    .nullable()
    .openapi({ description: "`gift_card` only: `logo` (default) or `colour`" }),
};

/** Rules across fields, checked on create and on the merged product of an edit. */
export function productRuleIssues(product: {
  type: string;
  classAllowance?: number | null;
  courseEventId?: string | null;
  prices: (PriceShape & { amount?: number })[];
  validityMonths?: number | null;
  customAmount?: { min: number; max: number } | null;
  giftCardDesign?: string | null;
}): ErrorDetail[] {
  const issues: ErrorDetail[] = [...giftCardRuleIssues(product)];
  if (product.courseEventId != null && !(COURSE_PRODUCT_TYPES as readonly string[]).includes(product.type)) {
    issues.push(ruleDetail("courseEventId", "course_type_only"));
  }
  if (product.type === "class_pass" && (product.classAllowance == null || product.classAllowance < 1)) {
    issues.push(ruleDetail("classAllowance", "class_allowance_required"));
  }
  if (product.prices.length === 0 && !(product.type === "gift_card" && product.customAmount)) {
    issues.push(ruleDetail("prices", "price_required"));
  }
  product.prices.forEach((price, index) => {
    if (product.type === "subscription" && !price.interval) {
      issues.push(ruleDetail(`prices.${index}.interval`, "interval_required"));
    }
    if (product.type !== "subscription" && price.interval) {
      issues.push(ruleDetail(`prices.${index}.interval`, "interval_not_allowed"));
    }
    if (price.instalments != null && product.courseEventId == null) {
      issues.push(ruleDetail(`prices.${index}.instalments`, "instalments_course_only"));
    }
  });
  return issues;
}

/** A gift card's own fields belong to gift cards; its prices are positive amounts; a custom range is a range. */
function giftCardRuleIssues(product: Parameters<typeof productRuleIssues>[0]): ErrorDetail[] {
  const issues: ErrorDetail[] = [];
  if (product.type !== "gift_card") {
    for (const field of ["validityMonths", "customAmount", "giftCardDesign"] as const) {
      if (product[field] != null) issues.push(ruleDetail(field, "gift_card_only"));
    }
    return issues;
  }
  if (product.customAmount && product.customAmount.min > product.customAmount.max) {
    issues.push(ruleDetail("customAmount.max", "custom_amount_range"));
  }
  product.prices.forEach((price, index) => {
    if (price.amount !== undefined && price.amount < 1)
      issues.push(ruleDetail(`prices.${index}.amount`, "gift_card_amount_positive"));
  });
  return issues;
}

export const CreateProductInput = z
  .strictObject({
    type: ProductTypeSchema,
    name: ProductFields.name,
    description: ProductFields.description.optional(),
    prices: z.array(PriceInput).max(20).openapi({
      description: "At least one price; a `gift_card` product with `customAmount` may have none",
    }),
    classAllowance: ProductFields.classAllowance.optional(),
    validityDays: ProductFields.validityDays.optional(),
    purchaseLimitPerUser: ProductFields.purchaseLimitPerUser.optional(),
    eligibleEventIds: ProductFields.eligibleEventIds.optional(),
    courseEventId: ProductFields.courseEventId.optional(),
    enrolUntil: ProductFields.enrolUntil.optional(),
    newcomersOnly: ProductFields.newcomersOnly.optional().openapi({ description: "Default false" }),
    vatRate: ProductFields.vatRate
      .optional()
      .openapi({ description: "Default `25`: the studio's VAT rate from its legal settings" }),
    validityMonths: ProductFields.validityMonths.optional(),
    customAmount: ProductFields.customAmount.optional(),
    giftCardDesign: ProductFields.giftCardDesign.optional(),
    status: ProductStatusSchema.optional().openapi({ description: "Default `draft`" }),
  })
  .superRefine((value, ctx) => {
    for (const issue of productRuleIssues(value)) {
      ctx.addIssue({
        code: "custom",
        path: issue.path.split("."),
        message: issue.message,
        params: { ...issue.params, code: issue.code },
      });
    }
  })
  .openapi("CreateProductInput");

export const UpdateProductInput = z
  .strictObject({
    type: ProductTypeSchema.optional(),
    name: ProductFields.name.optional(),
    description: ProductFields.description.optional(),
    prices: z.array(PriceUpdateInput).max(20).optional().openapi({
      description:
        "The new price list, in order. Entries with the `id` of a current price keep that id; entries without `id` are new prices; current prices missing from the list are retired (no longer shown or sold, still referenced by their orders).",
    }),
    classAllowance: ProductFields.classAllowance.optional(),
    validityDays: ProductFields.validityDays.optional(),
    purchaseLimitPerUser: ProductFields.purchaseLimitPerUser.optional(),
    eligibleEventIds: ProductFields.eligibleEventIds.optional(),
    courseEventId: ProductFields.courseEventId.optional(),
    enrolUntil: ProductFields.enrolUntil.optional(),
    newcomersOnly: ProductFields.newcomersOnly.optional(),
    vatRate: ProductFields.vatRate.optional(),
    validityMonths: ProductFields.validityMonths.optional(),
    customAmount: ProductFields.customAmount.optional(),
    giftCardDesign: ProductFields.giftCardDesign.optional(),
    status: ProductStatusSchema.optional(),
  })
  .openapi("UpdateProductInput");

export const ProductParams = z.object({ productId: Id });

export type ProductDto = z.infer<typeof ProductSchema>;
export type PriceDto = z.infer<typeof PriceSchema>;
export type PriceInput = z.infer<typeof PriceInput>;
export type PriceUpdateInput = z.infer<typeof PriceUpdateInput>;
export type CreateProductInput = z.infer<typeof CreateProductInput>;
export type UpdateProductInput = z.infer<typeof UpdateProductInput>;
export type ProductWithPrices = Product & { prices: Price[] };

export function serializePrice(price: Price): PriceDto {
  return {
    id: price.id,
    amount: price.amount,
    currency: price.currency,
    interval: price.interval as PriceDto["interval"],
    intervalCount: price.intervalCount,
    instalments: price.instalments,
    minAge: price.minAge,
    maxAge: price.maxAge,
  };
}

/** `prices` must be the product's current (non-retired) prices in list order. */
export function serializeProduct(product: ProductWithPrices): ProductDto {
  return {
    id: product.id,
    accountId: product.accountId,
    type: product.type as ProductDto["type"],
    name: product.name,
    description: product.description,
    prices: product.prices.filter((price) => !price.retired).map(serializePrice),
    classAllowance: product.classAllowance,
    validityDays: product.validityDays,
    purchaseLimitPerUser: product.purchaseLimitPerUser,
    eligibleEventIds: product.eligibleEventIds,
    courseEventId: product.courseEventId,
    enrolUntil: product.enrolUntil?.toISOString() ?? null,
    newcomersOnly: product.newcomersOnly,
    vatRate: product.vatExempt ? 0 : 25,
    status: product.status as ProductDto["status"],
    withdrawal: productWithdrawal(product),
    validityMonths: product.validityMonths,
    customAmount:
      product.customAmountMin !== null && product.customAmountMax !== null
        ? { min: product.customAmountMin, max: product.customAmountMax }
        : null,
    giftCardDesign: product.giftCardDesign as ProductDto["giftCardDesign"],
  };
}

export function serializePublicProduct(
  product: ProductWithPrices & {
    course: {
      eventId: string;
      classes: number;
      firstStartsAt: Date | null;
      lastStartsAt: Date | null;
      seatsLeft: number;
    } | null;
  },
): z.infer<typeof PublicProductSchema> {
  const { course } = product;
  return {
    ...serializeProduct(product),
    course: course && {
      ...course,
      firstStartsAt: course.firstStartsAt?.toISOString() ?? null,
      lastStartsAt: course.lastStartsAt?.toISOString() ?? null,
    },
  };
}
