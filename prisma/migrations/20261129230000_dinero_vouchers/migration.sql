-- CreateTable
CREATE TABLE "DineroConnection" (
    "accountId" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "sealedCredentials" TEXT NOT NULL,
    "failingSince" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DineroConnection_pkey" PRIMARY KEY ("accountId")
);

-- CreateTable
CREATE TABLE "DineroVoucher" (
    "id" BIGSERIAL NOT NULL,
    "accountId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'waiting',
    "fileGuid" TEXT,
    "voucherGuid" TEXT,
    "bookedAt" TIMESTAMP(3),
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lockedUntil" TIMESTAMP(3),

    CONSTRAINT "DineroVoucher_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DineroVoucher_status_lockedUntil_id_idx" ON "DineroVoucher"("status", "lockedUntil", "id");

-- CreateIndex
CREATE INDEX "DineroVoucher_accountId_idx" ON "DineroVoucher"("accountId");

-- CreateIndex
CREATE UNIQUE INDEX "DineroVoucher_orderId_kind_key" ON "DineroVoucher"("orderId", "kind");

-- AddForeignKey
ALTER TABLE "DineroConnection" ADD CONSTRAINT "DineroConnection_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DineroVoucher" ADD CONSTRAINT "DineroVoucher_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DineroVoucher" ADD CONSTRAINT "DineroVoucher_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

