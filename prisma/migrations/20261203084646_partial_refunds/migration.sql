-- DropIndex
DROP INDEX "DineroVoucher_orderId_kind_key";

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "refundedAmount" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "NoticeEmail" ADD COLUMN     "refundId" TEXT;

-- AlterTable
ALTER TABLE "DineroVoucher" ADD COLUMN     "reference" TEXT,
ADD COLUMN     "refundId" TEXT;

-- CreateTable
CREATE TABLE "Refund" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "vatAmount" INTEGER,
    "classes" INTEGER,
    "reason" TEXT,
    "creditNoteNumber" INTEGER NOT NULL,
    "refundedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Refund_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CreditNoteCounter" (
    "accountId" TEXT NOT NULL,
    "last" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "CreditNoteCounter_pkey" PRIMARY KEY ("accountId")
);

-- Backfill: each order refunded before partial refunds is one Refund of its whole amount, its credit
-- note numbered per account in the order of the refunds; its credit voucher books that refund.
UPDATE "Order" SET "refundedAmount" = "amount" WHERE "status" = 'refunded';

INSERT INTO "Refund" ("id", "accountId", "orderId", "amount", "vatAmount", "reason", "creditNoteNumber", "refundedAt")
SELECT gen_random_uuid()::text, o."accountId", o."id", o."amount", o."vatAmount", o."refundReason",
  row_number() OVER (PARTITION BY o."accountId" ORDER BY COALESCE(o."refundedAt", o."paidAt", o."createdAt"), o."id")::int,
  COALESCE(o."refundedAt", o."paidAt", o."createdAt")
FROM "Order" o WHERE o."status" = 'refunded';

INSERT INTO "CreditNoteCounter" ("accountId", "last")
SELECT "accountId", max("creditNoteNumber") FROM "Refund" GROUP BY "accountId";

UPDATE "DineroVoucher" v SET "refundId" = r."id" FROM "Refund" r WHERE v."kind" = 'refund' AND r."orderId" = v."orderId";

UPDATE "DineroVoucher" SET "reference" = 'studio-booking:' || "kind" || ':' || "orderId";

ALTER TABLE "DineroVoucher" ALTER COLUMN "reference" SET NOT NULL;

-- CreateIndex
CREATE INDEX "Refund_orderId_refundedAt_idx" ON "Refund"("orderId", "refundedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Refund_accountId_creditNoteNumber_key" ON "Refund"("accountId", "creditNoteNumber");

-- CreateIndex
CREATE UNIQUE INDEX "DineroVoucher_reference_key" ON "DineroVoucher"("reference");

-- CreateIndex
CREATE INDEX "DineroVoucher_orderId_idx" ON "DineroVoucher"("orderId");

-- AddForeignKey
ALTER TABLE "Refund" ADD CONSTRAINT "Refund_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Refund" ADD CONSTRAINT "Refund_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditNoteCounter" ADD CONSTRAINT "CreditNoteCounter_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NoticeEmail" ADD CONSTRAINT "NoticeEmail_refundId_fkey" FOREIGN KEY ("refundId") REFERENCES "Refund"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DineroVoucher" ADD CONSTRAINT "DineroVoucher_refundId_fkey" FOREIGN KEY ("refundId") REFERENCES "Refund"("id") ON DELETE CASCADE ON UPDATE CASCADE;

