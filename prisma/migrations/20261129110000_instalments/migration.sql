-- AlterTable
ALTER TABLE "Price" ADD COLUMN     "instalments" INTEGER;

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "instalment" INTEGER,
ADD COLUMN     "instalmentOf" TEXT,
ADD COLUMN     "instalments" INTEGER;

-- CreateIndex
CREATE UNIQUE INDEX "Order_instalmentOf_instalment_key" ON "Order"("instalmentOf", "instalment");

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_instalmentOf_fkey" FOREIGN KEY ("instalmentOf") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;
