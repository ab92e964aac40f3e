-- AlterTable
ALTER TABLE "AccountPayments" ADD COLUMN     "mobilepayCredentials" TEXT,
ADD COLUMN     "mobilepayMerchantSerialNumber" TEXT,
ADD COLUMN     "mobilepayStatus" TEXT NOT NULL DEFAULT 'not_connected',
ADD COLUMN     "mobilepayTestMode" BOOLEAN NOT NULL DEFAULT true;

