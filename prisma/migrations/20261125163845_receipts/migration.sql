-- AlterTable
ALTER TABLE "Account" ADD COLUMN     "legalAddress" TEXT,
ADD COLUMN     "legalName" TEXT,
ADD COLUMN     "vatNumber" TEXT,
ADD COLUMN     "vatRateBasisPoints" INTEGER;

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "receiptNumber" INTEGER,
ADD COLUMN     "vatAmount" INTEGER,
ADD COLUMN     "vatRateBasisPoints" INTEGER;

-- CreateTable
CREATE TABLE "ReceiptCounter" (
    "accountId" TEXT NOT NULL,
    "last" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ReceiptCounter_pkey" PRIMARY KEY ("accountId")
);

-- CreateIndex
CREATE UNIQUE INDEX "Order_accountId_receiptNumber_key" ON "Order"("accountId", "receiptNumber");

-- AddForeignKey
ALTER TABLE "ReceiptCounter" ADD CONSTRAINT "ReceiptCounter_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Existing orders that were paid (paid, or refunded since) get receipt numbers 1..n per account in
-- the order they were paid (docs/decisions/0019-receipts.md); no VAT amount, as no account had a rate.
UPDATE "Order" AS o
SET "receiptNumber" = numbered.n
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "accountId" ORDER BY "paidAt", "createdAt", "id") AS n
  FROM "Order"
  WHERE "paidAt" IS NOT NULL AND "status" IN ('paid', 'refunded')
) AS numbered
WHERE o."id" = numbered."id";

INSERT INTO "ReceiptCounter" ("accountId", "last")
SELECT "accountId", max("receiptNumber") FROM "Order" WHERE "receiptNumber" IS NOT NULL GROUP BY "accountId";
