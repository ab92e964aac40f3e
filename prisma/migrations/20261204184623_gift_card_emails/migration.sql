-- CreateTable
CREATE TABLE "GiftCardEmail" (
    "id" BIGSERIAL NOT NULL,
    "accountId" TEXT NOT NULL,
    "giftCardId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "daysBefore" INTEGER,
    "dueAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lockedUntil" TIMESTAMP(3),

    CONSTRAINT "GiftCardEmail_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "GiftCardEmail_dueAt_id_idx" ON "GiftCardEmail"("dueAt", "id");

-- CreateIndex
CREATE INDEX "GiftCardEmail_giftCardId_idx" ON "GiftCardEmail"("giftCardId");

-- AddForeignKey
ALTER TABLE "GiftCardEmail" ADD CONSTRAINT "GiftCardEmail_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GiftCardEmail" ADD CONSTRAINT "GiftCardEmail_giftCardId_fkey" FOREIGN KEY ("giftCardId") REFERENCES "GiftCard"("id") ON DELETE CASCADE ON UPDATE CASCADE;

