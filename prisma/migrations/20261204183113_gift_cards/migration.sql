-- AlterTable
ALTER TABLE "Account" ADD COLUMN     "giftCardLiability" INTEGER NOT NULL DEFAULT 63030;

-- AlterTable
ALTER TABLE "Product" ADD COLUMN     "customAmountMax" INTEGER,
ADD COLUMN     "customAmountMin" INTEGER,
ADD COLUMN     "giftCardDesign" TEXT,
ADD COLUMN     "validityMonths" INTEGER;

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "giftCardAmount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "giftCardFor" JSONB,
ADD COLUMN     "giftCardId" TEXT;

-- CreateTable
CREATE TABLE "GiftCard" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "codeLast4" TEXT NOT NULL,
    "codeSealed" TEXT,
    "initialAmount" INTEGER NOT NULL,
    "balance" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "issuedAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "recipientName" TEXT NOT NULL,
    "recipientEmail" TEXT,
    "message" TEXT,
    "deliverOn" TEXT NOT NULL,
    "deliveredAt" TIMESTAMP(3),
    "payoutRequestedAt" TIMESTAMP(3),
    "voidReason" TEXT,
    "lastExpiryNotice" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "GiftCard_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GiftCardEntry" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "giftCardId" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "kind" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "orderId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GiftCardEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "GiftCard_orderId_key" ON "GiftCard"("orderId");

-- CreateIndex
CREATE UNIQUE INDEX "GiftCard_codeHash_key" ON "GiftCard"("codeHash");

-- CreateIndex
CREATE INDEX "GiftCard_accountId_createdAt_id_idx" ON "GiftCard"("accountId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "GiftCard_accountId_codeLast4_idx" ON "GiftCard"("accountId", "codeLast4");

-- CreateIndex
CREATE INDEX "GiftCard_status_expiresAt_idx" ON "GiftCard"("status", "expiresAt");

-- CreateIndex
CREATE INDEX "GiftCardEntry_giftCardId_at_idx" ON "GiftCardEntry"("giftCardId", "at");

-- CreateIndex
CREATE INDEX "GiftCardEntry_accountId_at_idx" ON "GiftCardEntry"("accountId", "at");

-- CreateIndex
CREATE INDEX "Order_giftCardId_idx" ON "Order"("giftCardId");

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_giftCardId_fkey" FOREIGN KEY ("giftCardId") REFERENCES "GiftCard"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GiftCard" ADD CONSTRAINT "GiftCard_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GiftCard" ADD CONSTRAINT "GiftCard_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GiftCardEntry" ADD CONSTRAINT "GiftCardEntry_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GiftCardEntry" ADD CONSTRAINT "GiftCardEntry_giftCardId_fkey" FOREIGN KEY ("giftCardId") REFERENCES "GiftCard"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GiftCardEntry" ADD CONSTRAINT "GiftCardEntry_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- A balance never goes below zero, nor above what the card was issued with (decision 0051).
ALTER TABLE "GiftCard" ADD CONSTRAINT "GiftCard_balance_within" CHECK ("balance" >= 0 AND "balance" <= "initialAmount");
ALTER TABLE "Order" ADD CONSTRAINT "Order_giftCardAmount_within" CHECK ("giftCardAmount" >= 0 AND "giftCardAmount" <= "amount");
