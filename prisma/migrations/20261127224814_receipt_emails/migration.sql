-- AlterTable
ALTER TABLE "NoticeEmail" ADD COLUMN     "orderId" TEXT;

-- CreateIndex
CREATE INDEX "NoticeEmail_orderId_idx" ON "NoticeEmail"("orderId");

-- AddForeignKey
ALTER TABLE "NoticeEmail" ADD CONSTRAINT "NoticeEmail_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

