import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { serializeEntitlement } from "@/lib/schemas/entitlement";
import { EXPORT_BATCH_SIZE, PASSES_CSV_HEADER, type CsvExport } from "@/lib/schemas/export";
import { BY_CREATION, batchesByCreation } from "./creation-batches";
import { realEmail } from "@/lib/users/stand-in-addresses";

/**
 * The account's entitlements of every kind (passes, memberships, desk grants) and status, oldest
 * first, with the holder's email and the product's name: the columns an import of passes reads back.
 */
export function exportPasses({
  db,
  now = new Date(),
  batchSize = EXPORT_BATCH_SIZE,
}: {
  db: TenantDb;
  now?: Date;
  batchSize?: number;
}): CsvExport {
  const batches = batchesByCreation(
    (where, take) =>
      db.entitlement.findMany({
        where,
        include: {
          user: { select: { email: true, displayName: true } },
          product: { select: { name: true, type: true } },
        },
        orderBy: BY_CREATION,
        take,
      }),
    (e) => {
      const pass = serializeEntitlement(e, now);
      return [
        [
          realEmail(e.user.email),
          e.user.displayName,
          e.product.name,
          e.product.type,
          pass.remainingClasses,
          pass.validFrom,
          pass.validUntil,
          pass.status,
          pass.id,
          pass.userId,
          pass.productId,
          e.orderId,
          e.priceId,
          e.note,
          pass.cancelAt,
          pass.pausedFrom,
          pass.pausedUntil,
          pass.createdAt,
        ],
      ];
    },
    batchSize,
  );
  return { header: PASSES_CSV_HEADER, batches };
}
