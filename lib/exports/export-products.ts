import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { EXPORT_BATCH_SIZE, PRODUCTS_CSV_HEADER, type CsvCell, type CsvExport } from "@/lib/schemas/export";
import { BY_CREATION, batchesByCreation } from "./creation-batches";

const NO_PRICE: CsvCell[] = [null, null, null, null, null, null, null, null];

/**
 * The account's products of every status, oldest first, one record per price (retired ones too, in
 * the price list's order); a product without prices is one record with empty price columns.
 */
export function exportProducts({ db, batchSize = EXPORT_BATCH_SIZE }: { db: TenantDb; batchSize?: number }): CsvExport {
  const batches = batchesByCreation(
    (where, take) =>
      db.product.findMany({
        where,
        include: { prices: { orderBy: [{ retired: "asc" }, { position: "asc" }, { createdAt: "asc" }] } },
        orderBy: BY_CREATION,
        take,
      }),
    (p) => {
      const product: CsvCell[] = [
        p.id,
        p.type,
        p.name,
        p.description,
        p.classAllowance,
        p.validityDays,
        p.purchaseLimitPerUser,
        p.eligibleEventIds.join(" "),
        p.status,
        p.createdAt.toISOString(),
      ];
      if (p.prices.length === 0) return [[...product, ...NO_PRICE]];
      return p.prices.map((price) => [
        ...product,
        price.id,
        price.amount,
        price.currency,
        price.interval,
        price.intervalCount,
        price.minAge,
        price.maxAge,
        String(price.retired),
      ]);
    },
    batchSize,
  );
  return { header: PRODUCTS_CSV_HEADER, batches };
}
