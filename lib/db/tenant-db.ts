import "server-only";
import { Prisma } from "@prisma/client";
import { db } from "./index";
import { tellingCommits } from "./outbox-writes";

/**
 * Models whose rows belong to one account. Later features add their models here; the test in
 * tenant-db.test.ts fails when a model with an `accountId` column is missing from this list.
 */
export const TENANT_MODELS = new Set<string>([
  "Membership",
  "Group",
  "GroupMember",
  "Location",
  "DurationPreset",
  "Event",
  "Series",
  "Instance",
  "InstanceException",
  "Product",
  "Price",
  "Season",
  "Order",
  "ReceiptCounter",
  "CreditNoteCounter",
  "Refund",
  "PromoCode",
  "Entitlement",
  "Booking",
  "BookingEmail",
  "NoticeEmail",
  "CalendarFeed",
  "AccountPayments",
  "ApiKey",
  "Webhook",
  "WebhookDelivery",
  "Import",
  "ImportRow",
  "SeatHold",
  "StandingBooking",
  "StandingBookingClass",
  "DineroConnection",
  "DineroVoucher",
  "Withdrawal",
  "TermsVersion",
  "GiftCard",
  "GiftCardEntry",
  "GiftCardEmail",
]);

const WHERE_OPERATIONS = new Set([
  "findUnique",
  "findUniqueOrThrow",
  "findFirst",
  "findFirstOrThrow",
  "findMany",
  "update",
  "updateMany",
  "updateManyAndReturn",
  "delete",
  "deleteMany",
  "count",
  "aggregate",
  "groupBy",
  "upsert",
]);
const CREATE_OPERATIONS = new Set(["create", "createMany", "createManyAndReturn"]);

type Args = { where?: Record<string, unknown>; data?: unknown; create?: Record<string, unknown> };

function scopeArgs(operation: string, args: Args, accountId: string): Args {
  const scoped: Args = { ...args };
  if (WHERE_OPERATIONS.has(operation)) scoped.where = { ...args.where, accountId };
  if (operation === "upsert") scoped.create = { ...args.create, accountId };
  if (CREATE_OPERATIONS.has(operation)) {
    scoped.data = Array.isArray(args.data)
      ? args.data.map((row: Record<string, unknown>) => ({ ...row, accountId }))
      : { ...(args.data as Record<string, unknown>), accountId };
  }
  return scoped;
}

/**
 * The Prisma client seen from inside one account: every read, update and delete of a tenant model
 * gets `accountId` in its `where`, every create gets it in its data. Another account's id simply
 * finds nothing, which the caller reports as 404. Its transactions tell the jobs runner what they
 * wrote to an outbox once they commit (outbox-writes.ts).
 */
export function tenantDb(accountId: string) {
  return tellingCommits(
    db.$extends(
      Prisma.defineExtension({
        name: "tenant-scope",
        query: {
          $allModels: {
            $allOperations({ model, operation, args, query }) {
              if (!TENANT_MODELS.has(model)) return query(args);
              return query(scopeArgs(operation, args as Args, accountId) as typeof args);
            },
          },
        },
      }),
    ),
  );
}

export type TenantDb = ReturnType<typeof tenantDb>;

/**
 * The one transaction type: a transaction of `tenantDb(accountId)`. Model queries on it are scoped
 * to the account; raw queries are NOT, so every raw statement run on it names `"accountId"` in its
 * WHERE clause.
 */
export type TenantTx = Parameters<Parameters<TenantDb["$transaction"]>[0]>[0];
