-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "stripeAccountId" TEXT;

-- CreateTable
CREATE TABLE "AccountPayments" (
    "accountId" TEXT NOT NULL,
    "stripeAccountId" TEXT,
    "stripeStatus" TEXT NOT NULL DEFAULT 'not_connected',
    "stripeChargesEnabled" BOOLEAN NOT NULL DEFAULT false,
    "stripePayoutsEnabled" BOOLEAN NOT NULL DEFAULT false,
    "paymentMethods" TEXT[] DEFAULT ARRAY['card']::TEXT[],
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AccountPayments_pkey" PRIMARY KEY ("accountId")
);

-- CreateIndex
CREATE UNIQUE INDEX "AccountPayments_stripeAccountId_key" ON "AccountPayments"("stripeAccountId");

-- AddForeignKey
ALTER TABLE "AccountPayments" ADD CONSTRAINT "AccountPayments_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

