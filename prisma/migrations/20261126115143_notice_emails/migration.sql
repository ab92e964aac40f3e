-- AlterTable
ALTER TABLE "Entitlement" ADD COLUMN     "expiryNoticeAt" TIMESTAMP(3),
ADD COLUMN     "oneLeftNoticeAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "NoticeEmail" (
    "id" BIGSERIAL NOT NULL,
    "accountId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "entitlementId" TEXT,
    "webhookId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lockedUntil" TIMESTAMP(3),

    CONSTRAINT "NoticeEmail_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "NoticeEmail_lockedUntil_id_idx" ON "NoticeEmail"("lockedUntil", "id");

-- CreateIndex
CREATE INDEX "NoticeEmail_userId_idx" ON "NoticeEmail"("userId");

-- CreateIndex
CREATE INDEX "NoticeEmail_entitlementId_idx" ON "NoticeEmail"("entitlementId");

-- CreateIndex
CREATE INDEX "NoticeEmail_webhookId_idx" ON "NoticeEmail"("webhookId");

-- AddForeignKey
ALTER TABLE "NoticeEmail" ADD CONSTRAINT "NoticeEmail_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NoticeEmail" ADD CONSTRAINT "NoticeEmail_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NoticeEmail" ADD CONSTRAINT "NoticeEmail_entitlementId_fkey" FOREIGN KEY ("entitlementId") REFERENCES "Entitlement"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NoticeEmail" ADD CONSTRAINT "NoticeEmail_webhookId_fkey" FOREIGN KEY ("webhookId") REFERENCES "Webhook"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written (schema.prisma cannot declare partial indexes): what the pass notice sweep reads
-- (lib/commerce/schedule-pass-notices.ts), so it never scans every entitlement.
CREATE INDEX "Entitlement_one_left_notice_due" ON "Entitlement" ("accountId") WHERE "remainingClasses" = 1 AND "status" = 'active' AND "oneLeftNoticeAt" IS NULL;
CREATE INDEX "Entitlement_expiry_notice_due" ON "Entitlement" ("validUntil") WHERE "status" = 'active' AND "expiryNoticeAt" IS NULL;
