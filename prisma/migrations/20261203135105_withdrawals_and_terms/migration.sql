-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "startNowRequestedAt" TIMESTAMP(3),
ADD COLUMN     "termsVersion" INTEGER,
ADD COLUMN     "withdrawalDays" INTEGER;

-- CreateTable
CREATE TABLE "Withdrawal" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL,
    "usedAmount" INTEGER NOT NULL,
    "refundAmount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "basis" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "refundId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Withdrawal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TermsVersion" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "da" TEXT NOT NULL,
    "en" TEXT,
    "sha256" TEXT NOT NULL,
    "publishedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TermsVersion_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Withdrawal_orderId_key" ON "Withdrawal"("orderId");

-- CreateIndex
CREATE UNIQUE INDEX "Withdrawal_refundId_key" ON "Withdrawal"("refundId");

-- CreateIndex
CREATE INDEX "Withdrawal_accountId_receivedAt_idx" ON "Withdrawal"("accountId", "receivedAt");

-- CreateIndex
CREATE UNIQUE INDEX "TermsVersion_accountId_version_key" ON "TermsVersion"("accountId", "version");

-- AddForeignKey
ALTER TABLE "Withdrawal" ADD CONSTRAINT "Withdrawal_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Withdrawal" ADD CONSTRAINT "Withdrawal_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Withdrawal" ADD CONSTRAINT "Withdrawal_refundId_fkey" FOREIGN KEY ("refundId") REFERENCES "Refund"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TermsVersion" ADD CONSTRAINT "TermsVersion_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

