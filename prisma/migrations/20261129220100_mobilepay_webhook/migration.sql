-- AlterTable
ALTER TABLE "AccountPayments" ADD COLUMN     "mobilepayWebhookId" TEXT,
ADD COLUMN     "mobilepayWebhookSecret" TEXT;

