-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "mobilepayAgreementId" TEXT;

-- AlterTable
ALTER TABLE "Entitlement" ADD COLUMN     "pastDueSince" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "AccountPayments" ADD COLUMN     "mobilepayGraceDays" INTEGER NOT NULL DEFAULT 7;

-- CreateIndex
CREATE INDEX "Order_mobilepayAgreementId_idx" ON "Order"("mobilepayAgreementId");

