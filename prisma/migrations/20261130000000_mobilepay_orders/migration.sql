-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "mobilepayChargeId" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Order_mobilepayChargeId_key" ON "Order"("mobilepayChargeId");

